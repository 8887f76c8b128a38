import { expect, test } from './fixtures'
import { createFormTokens, postCreate } from './utils/services'

test('user text never meets a render marker: a service named like one keeps its pages titled and styled', async ({
	page,
	partner: _signedIn,
	baseURL,
}) => {
	const request = page.context().request
	const name = 'Styles /*inline-styles*/ Ltd'
	const details = await postCreate(request, baseURL!, await createFormTokens(request), name)
	for (const path of [details, `${details}/manage`]) {
		await page.goto(path)
		const title = await page.title()
		expect(title, path).toContain(name)
		expect(title, path).not.toMatch(/[{}]/)
		await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
		// The stylesheet still applies: the body is the column layout app.css makes it.
		expect(await page.evaluate(() => getComputedStyle(document.body).flexDirection), path).toBe('column')
	}
})
