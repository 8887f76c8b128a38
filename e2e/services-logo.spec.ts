import type { Page, TestInfo } from '@playwright/test'
import { gifFile, paddedTo, pngFile } from '#tests/mock-api/image-fixtures'
import { createFormTokens, LIST, postCreate, SERVICE } from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'

const MESSAGES = {
	type: 'The file type is invalid, it should be one of the following types: jpg, png.',
	size: 'The file must not be greater than 10 MB.',
}

type Upload = { name: string; mimeType: string; buffer: Buffer }
const file = (name: string, mimeType: string, bytes: Uint8Array): Upload => ({
	name,
	mimeType,
	buffer: Buffer.from(bytes),
})

/** A new service of the signed-in partner; answers its details path. */
async function newService(page: Page, baseURL: string) {
	const request = page.context().request
	return postCreate(request, baseURL, await createFormTokens(request))
}

/** Every status the portal answered to this page's requests, to assert that none was a 5xx. */
function statuses(page: Page, baseURL: string) {
	const seen: Array<{ url: string; status: number }> = []
	page.on('response', (response) => {
		if (response.url().startsWith(baseURL)) seen.push({ url: response.url(), status: response.status() })
	})
	return () => seen.filter(({ status }) => status >= 500)
}

/** The width the browser decoded an image at (0: not loaded). */
const naturalWidth = (page: Page, selector: string) =>
	page.locator(selector).evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))

async function chooseAndUpload(page: Page, upload: Upload, testInfo: TestInfo) {
	await page.getByLabel('Logo file').setInputFiles(upload)
	if (jsDisabled(testInfo)) {
		const answer = page.waitForResponse((response) => response.request().method() === 'POST')
		await page.getByRole('button', { name: 'Upload logo' }).click()
		return (await answer).status()
	}
	await page.getByRole('button', { name: 'Upload logo' }).click()
	return null
}

test('a valid PNG becomes the logo on the details page and the list, and can be removed', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const errors = statuses(page, baseURL!)
	const details = await newService(page, baseURL!)
	await page.goto(`${details}/manage/logo`)
	await expect(page.getByRole('heading', { level: 1, name: `Logo: ${SERVICE.name}` })).toBeVisible()
	await expect(page.getByText('This service has no logo yet.')).toBeVisible()
	await expect(page.getByLabel('Logo file')).toHaveAccessibleDescription(
		'A JPG or PNG image of 128x128 to 256x256 pixels, at most 10 MB.',
	)
	await expect(page.getByRole('link', { name: 'Service settings' })).toHaveAttribute('href', `${details}/manage`)
	await expect(page.getByRole('link', { name: 'Remove logo' })).toHaveCount(0)
	await expectAccessible(page, testInfo)

	await page.getByLabel('Logo file').setInputFiles(file('my logo.png', 'image/png', pngFile(200, 200)))
	const preview = page.getByRole('img', { name: 'Preview of the chosen image' })
	if (jsDisabled(testInfo)) {
		await expect(preview).toHaveCount(0)
	} else {
		// Shown before anything is sent, from the file itself.
		await expect(preview).toBeVisible()
		await expect(preview).toHaveAttribute('src', /^blob:/)
		await expect.poll(() => naturalWidth(page, 'figure.logo-preview img')).toBe(200)
		await expect(page.getByText('Not uploaded yet: upload it to make it the logo.')).toBeVisible()
		await expectAccessible(page, testInfo)
	}
	await page.getByRole('button', { name: 'Upload logo' }).click()

	// Back on the details page (the form's default), with the logo in the header.
	await expect(page).toHaveURL(details)
	await expect(page.getByText('Logo uploaded.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
	const headerLogo = page.locator('.service-header img.service-logo')
	await expect(headerLogo).toHaveAttribute('src', /\/uploads\/service-logos\/[0-9a-f-]+\.png$/)
	await expect.poll(() => naturalWidth(page, '.service-header img.service-logo')).toBe(200)

	const src = (await headerLogo.getAttribute('src'))!
	await page.goto(LIST)
	const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: SERVICE.name }) })
	await expect(card.locator('img.service-logo')).toHaveAttribute('src', src)
	await expect.poll(() => naturalWidth(page, '.service-card img.service-logo')).toBe(200)

	// The logo page shows it, and removes it.
	await page.goto(`${details}/manage/logo`)
	await expect(page.getByRole('img', { name: `Current logo of ${SERVICE.name}` })).toBeVisible()
	// Removing asks first, like the other changes that cannot be undone; "Keep the logo" changes nothing.
	await page.getByRole('link', { name: 'Remove logo' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Remove the logo of ${SERVICE.name}?` })).toBeVisible()
	await expectAccessible(page, testInfo)
	await page.getByRole('link', { name: 'Keep the logo' }).click()
	await expect(page).toHaveURL(details)
	await expect(page.locator('.service-header img.service-logo')).toBeVisible()
	await page.goto(`${details}/manage/logo`)
	await page.getByRole('link', { name: 'Remove logo' }).click()
	await page.getByRole('button', { name: 'Remove logo' }).click()
	await expect(page).toHaveURL(details)
	await expect(page.getByText('Logo removed.')).toBeVisible()
	await expect(page.locator('img.service-logo')).toHaveCount(0)
	await page.goto(`${details}/manage/logo`)
	await expect(page.getByText('This service has no logo yet.')).toBeVisible()
	// Nothing left to remove: the confirmation says so instead of offering the button.
	await page.goto(`${details}/manage/logo/remove`)
	await expect(page.getByText('This service has no logo to remove.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Remove logo' })).toHaveCount(0)
	expect(errors()).toEqual([])
})

test("the settings page's logo section shows the current logo; after a refused upload then a good one, only the success is left", async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const details = await newService(page, baseURL!)
	const settings = `${details}/manage`
	await page.goto(settings)
	const section = page.getByRole('region', { name: 'Logo' })
	await expect(section).toContainText('This service has no logo yet.')
	await expect(section.getByRole('img', { name: `Current logo of ${SERVICE.name}` })).toHaveCount(0)

	await chooseAndUpload(page, file('logo.gif', 'image/gif', gifFile()), testInfo)
	const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
	await expect(summary).toContainText(`Logo file: ${MESSAGES.type}`)
	// Without JS the refusal is the logo page's; with JS the settings page stays.
	await expect(page).toHaveURL(jsDisabled(testInfo) ? `${details}/manage/logo` : settings)

	await chooseAndUpload(page, file('logo.png', 'image/png', pngFile(200, 200)), testInfo)
	await expect(page).toHaveURL(settings)
	await expect(page.getByText('Logo uploaded.')).toBeVisible()
	await expect(summary).toHaveCount(0)
	await expect(page.getByText(MESSAGES.type)).toHaveCount(0)
	await expect(page.getByText('Not uploaded yet: upload it to make it the logo.')).toHaveCount(0)
	await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(0)
	await expect(section).not.toContainText('This service has no logo yet.')
	const current = section.getByRole('img', { name: `Current logo of ${SERVICE.name}` })
	await expect(current).toHaveAttribute('src', /\/uploads\/service-logos\/[0-9a-f-]+\.png$/)
	await expect.poll(() => current.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(200)
	await expectAccessible(page, testInfo)
})

// Each refused file (a GIF, text named .png, a file that only begins like an image, too small, too large, over
// 10 MB) with its message and nothing attached, the API failing while attaching, a JPG replacing the logo, the
// published image written anew, and where the form goes back to (a same-site redirect_to, else the details):
// tests/routes/services-logo.test.ts.

test('a file beyond the upload limit: a 413 page that says 10 MB and leads back without JS, checked in the browser with JS', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const details = await newService(page, baseURL!)
	const logoPage = `${details}/manage/logo`
	await page.goto(logoPage)
	const upload = file('huge.png', 'image/png', paddedTo(pngFile(200, 200), 11 * 1024 * 1024))
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST') posts.push(request.url())
	})
	const status = await chooseAndUpload(page, upload, testInfo)
	if (status === null) {
		await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(MESSAGES.size)
		expect(posts, 'nothing sent').toEqual([])
		return
	}
	expect(status).toBe(413)
	await expect(page.getByRole('heading', { level: 1, name: 'The file is too large' })).toBeVisible()
	await expect(page.getByText(MESSAGES.size)).toBeVisible()
	await expect(page).toHaveTitle('The file is too large – Partner Portal')
	await page.getByRole('link', { name: 'Choose another logo' }).click()
	await expect(page).toHaveURL(logoPage)
	await expect(page.getByLabel('Logo file')).toBeVisible()
})

test('a logo of the wrong size or dimensions: said on choosing with JS, after Upload without (issue 55, point 11)', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	await page.goto(`${await newService(page, baseURL!)}/manage/logo`)
	const field = page.getByLabel('Logo file')
	const preview = page.getByRole('img', { name: 'Preview of the chosen image' })
	const wrong = /The image should be over 127x127px and under 257x257px\. This image is 300x128px\./
	if (!jsDisabled(testInfo)) {
		// The browser knows the size and the dimensions: it says so before anything is sent.
		await field.setInputFiles(file('huge.png', 'image/png', paddedTo(pngFile(200, 200), 11 * 1024 * 1024)))
		await expect(field).toHaveAccessibleDescription(new RegExp(MESSAGES.size.replace('.', '\\.')))
		await expect(preview).toHaveCount(0)
		await field.setInputFiles(file('wide.png', 'image/png', pngFile(300, 128)))
		await expect(field).toHaveAccessibleDescription(wrong)
		await field.setInputFiles(file('fits.png', 'image/png', pngFile(256, 128)))
		await expect(preview).toBeVisible()
		await expect(field).not.toHaveAccessibleDescription(/should be over/)
	}
	await field.setInputFiles(file('wide.png', 'image/png', pngFile(300, 128)))
	await page.getByRole('button', { name: 'Upload logo' }).click()
	await expect(page.getByLabel('Logo file')).toHaveAccessibleDescription(wrong)
})
