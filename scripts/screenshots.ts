/**
 * `npx tsx scripts/screenshots.ts <folder> <prefix>`: screenshots of the pages issue 43 touches, at 390 and 1280 px,
 * from the current build (`npm run build` first) against a fresh mock with the demo seed, e.g.
 * `npx tsx scripts/screenshots.ts docs/screenshots/issue-43 before`. Chromium from CHROMIUM_PATH (default
 * /usr/bin/chromium). Each page is cut at MAX_HEIGHT px (per width) so a PNG stays small; sections are shot on their own.
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Locator, type Page } from '@playwright/test'
import { startMockApi } from '#tests/mock-api/server'
import { MockHooks, PASSWORD, uniqueEmail } from '#tests/mock-api/hooks-client'
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVICES } from '#tests/mock-api/seed'
import { freePort, portalEnv, projectRoot, startPortal } from '#tests/setup/processes'

const [folder = 'docs/screenshots/issue-43', prefix = 'before'] = process.argv.slice(2)
const outDir = path.resolve(projectRoot, folder)
const MAX_HEIGHT = { 390: 1700, 1280: 1000 }
const WIDTHS = [390, 1280] as const
const live = DEMO_SERVICES[0]

const port = await freePort()
const publicUrl = `http://127.0.0.1:${port}`
const mock = await startMockApi({ portalUrl: publicUrl, quiet: true })
const portal = await startPortal({
	env: portalEnv({ PORT: String(port), PUBLIC_APP_URL: publicUrl, API_BASE_URL: mock.url, LOG_LEVEL: 'silent' }),
})
const hooks = new MockHooks(mock.url)
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' })
await mkdir(outDir, { recursive: true })

/** The page from the top, or from `from`'s top when given, cut at MAX_HEIGHT. */
async function shoot(page: Page, name: string, width: (typeof WIDTHS)[number], from?: Locator) {
	const height = await page.evaluate(() => document.documentElement.scrollHeight)
	const y = from ? Math.max(0, ((await from.boundingBox())?.y ?? 0) - 16) : 0
	const file = path.join(outDir, `${prefix}-${name}-${width}.png`)
	const clip = { x: 0, y, width, height: Math.min(height - y, MAX_HEIGHT[width]) }
	await page.screenshot({ path: file, clip, fullPage: true })
	console.log(path.relative(projectRoot, file))
}

async function signIn(page: Page, email: string, password: string) {
	await page.goto(`${publicUrl}/auth/sign-in`)
	await page.getByLabel('Email address', { exact: true }).fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await page.waitForLoadState('networkidle')
}

try {
	// A receiver that refuses the signature, as a partner's endpoint with the wrong secret does.
	await hooks.addWebhookReceiver({
		url: `https://demo-pay.example/webhooks/partner`,
		status: 400,
		body: 'Invalid webhook: No matching signature found.',
		verify_signatures: false,
	})
	const totpUser = { email: uniqueEmail('screens'), password: PASSWORD }
	await hooks.createUser({ ...totpUser, totp: true })

	for (const width of WIDTHS) {
		const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 })
		const page = await context.newPage()
		await signIn(page, DEMO_EMAIL, DEMO_PASSWORD)
		const service = `${publicUrl}/services/${live.id}`

		await page.goto(`${publicUrl}/services/manage`)
		await shoot(page, 'services-create', width)
		await page.goto(service)
		await shoot(page, 'service-details', width)
		await page
			.locator('section.statistics')
			.first()
			.screenshot({
				path: path.join(outDir, `${prefix}-statistics-${width}.png`),
			})
		console.log(`${prefix}-statistics-${width}.png`)
		await page.goto(`${service}/developers`)
		await shoot(page, 'developers', width)
		await page.goto(`${service}/developers/secrets/reset`)
		await shoot(page, 'secret-reset', width)
		if (width === WIDTHS[0]) {
			// A second client secret, so the old one can be revoked.
			await page.goto(`${service}/developers/secrets/rotate`)
			await shoot(page, 'identity-confirm', width)
			await page.getByLabel('Your password').fill(DEMO_PASSWORD)
			await page.getByLabel('Your password').press('Enter')
			await page.waitForURL((url) => !url.pathname.endsWith('/rotate'))
		}
		await page.goto(`${service}/developers`)
		await page.locator('a[href*="/revoke"]').first().click()
		await page.waitForURL(/revoke/)
		await shoot(page, 'secret-revoke', width)
		await page.goto(`${service}/webhooks`)
		await page.getByRole('button', { name: 'Check endpoint' }).first().click()
		await page.waitForURL(/checks\//)
		await page.goto(`${service}/webhooks`)
		await shoot(page, 'webhooks', width)
		await shoot(page, 'delivery-log', width, page.getByRole('heading', { name: /endpoint checks/ }))
		await page.getByRole('button', { name: 'Send test event' }).first().click()
		await page.waitForURL(/deliveries\//)
		await shoot(page, 'delivery-failed-test', width)
		await page.goto(`${service}/webhooks`)
		await page.locator('a[href*="/deliveries/"]').last().click()
		await page.waitForURL(/deliveries\//)
		await shoot(page, 'delivery-oldest', width)
		await context.close()

		// The sign-in code prompt (authenticator).
		const other = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 })
		const prompt = await other.newPage()
		await signIn(prompt, totpUser.email, totpUser.password)
		await shoot(prompt, 'sign-in-code', width)
		await other.close()
	}
} finally {
	await browser.close()
	await portal.close()
	await mock.close()
}
