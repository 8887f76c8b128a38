/**
 * `npx tsx scripts/screenshots.ts <folder> <prefix>`: screenshots of the pages issue 55 touches, at 390 and 1280 px,
 * from the current build (`npm run build` first) against a fresh mock with the demo seed, e.g.
 * `npx tsx scripts/screenshots.ts docs/screenshots/issue-55 before`. Chromium from CHROMIUM_PATH (default
 * /usr/bin/chromium-headless-shell, as in playwright.config.ts). Each page is cut at MAX_HEIGHT px (per width) so a
 * PNG stays small; sections are shot on their own. The mock's hooks drive each state once and both widths see it:
 * Demo Pay's endpoint fails for a day (its health), then for three (paused), is resumed and sent again what it
 * missed; Demo Games' domain check fails, then passes, and its logo page refuses a wrong image; a new service shows
 * its secret once (one per width). A build without a feature is shot as the partner saw that page then; a step it
 * cannot take is said and skipped.
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Locator, type Page } from '@playwright/test'
import { startMockApi } from '#tests/mock-api/server'
import { MockHooks } from '#tests/mock-api/hooks-client'
import { pngFile } from '#tests/mock-api/image-fixtures'
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVICES } from '#tests/mock-api/seed'
import { freePort, portalEnv, projectRoot, startPortal } from '#tests/setup/processes'

const [folder = 'docs/screenshots/issue-55', prefix = 'before'] = process.argv.slice(2)
const outDir = path.resolve(projectRoot, folder)
const MAX_HEIGHT = { 390: 1500, 1280: 900 }
const WIDTHS = [390, 1280] as const
type Width = (typeof WIDTHS)[number]
const DAY = 86_400
const [live, , games] = DEMO_SERVICES
const liveHook = 'https://demo-pay.example/webhooks/partner'
const gamesHost = 'demo-games.example'

const port = await freePort()
const publicUrl = `http://127.0.0.1:${port}`
const mock = await startMockApi({ portalUrl: publicUrl, quiet: true })
const portal = await startPortal({
	env: portalEnv({ PORT: String(port), PUBLIC_APP_URL: publicUrl, API_BASE_URL: mock.url, LOG_LEVEL: 'silent' }),
})
const hooks = new MockHooks(mock.url)
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
})
await mkdir(outDir, { recursive: true })

/** The page from the top, or from `from`'s top when given and on the page, cut at MAX_HEIGHT. */
async function shoot(page: Page, name: string, width: Width, from?: Locator) {
	const start = from && (await from.count()) ? from.first() : undefined
	// At the top: a page opened at a #fragment, or whose focus moved, is scrolled (and its sticky header drawn there).
	await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
	const height = await page.evaluate(() => document.documentElement.scrollHeight)
	const top = start ? await start.evaluate((element) => element.getBoundingClientRect().top + window.scrollY) : 0
	const y = Math.max(0, top - 16)
	const file = path.join(outDir, `${prefix}-${name}-${width}.png`)
	const clip = { x: 0, y, width, height: Math.min(height - y, MAX_HEIGHT[width]) }
	await page.screenshot({ path: file, clip, fullPage: true })
	console.log(path.relative(projectRoot, file))
}

/** A step this build cannot take (a feature it lacks): said, and the screenshots go on. */
async function attempt(what: string, step: () => Promise<unknown>) {
	try {
		await step()
	} catch (error) {
		console.warn(`${prefix}: could not ${what}: ${(error as Error).message.split('\n')[0]}`)
	}
}

async function signIn(page: Page, email: string, password: string) {
	await page.goto(`${publicUrl}/auth/sign-in`)
	await page.getByLabel('Email address', { exact: true }).fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await page.waitForLoadState('networkidle')
}

/** A full load of `url` and every request after it done (with JS, the page hydrated). */
async function open(page: Page, url: string) {
	await page.goto(url)
	await page.waitForLoadState('networkidle')
}

const event = () => hooks.sendWebhookEvent(live.id, { type: 'password_changed_to_random_string' })

try {
	// The demo partner at each width, signed in once; each state below is shot at both.
	const pages = new Map<Width, Page>()
	for (const width of WIDTHS) {
		const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 })
		const page = await context.newPage()
		await signIn(page, DEMO_EMAIL, DEMO_PASSWORD)
		pages.set(width, page)
	}
	const atEachWidth = async (step: (page: Page, width: Width) => Promise<void>) => {
		for (const [width, page] of pages) await step(page, width)
	}
	const service = `${publicUrl}/services/${live.id}`
	const webhooks = `${service}/webhooks`
	const logHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Delivery log' })

	// Demo Pay's endpoint answers 503 for a day: failing, with when it would pause.
	await hooks.addWebhookReceiver({ url: liveHook, status: 503, body: 'Service Unavailable' })
	await event()
	await hooks.advanceClock(DAY + 60)
	await event()
	await atEachWidth(async (page, width) => {
		await open(page, webhooks)
		await shoot(page, 'webhooks-health', width)
	})

	// Three days of failures: the next event pauses the endpoint, the one after it is held.
	await hooks.advanceClock(2 * DAY)
	await event()
	await event()
	await atEachWidth(async (page, width) => {
		await open(page, `${publicUrl}/`)
		await shoot(page, 'dashboard-paused', width)
		await open(page, webhooks)
		await shoot(page, 'delivery-log-paused', width, logHeading(page))
	})

	// The endpoint works again: resumed, and what failed since the pause sent again.
	await hooks.addWebhookReceiver({ url: liveHook, status: 200, body: 'ok' })
	await attempt('resume and send again what was missed', async () => {
		const page = pages.get(WIDTHS[1])!
		await open(page, webhooks)
		await page.getByRole('button', { name: 'Resume deliveries' }).click({ timeout: 10_000 })
		await page.waitForURL(/\/webhooks\/recover/)
		await page.getByRole('button', { name: /^Send \d+ deliver(y|ies) again$/ }).click({ timeout: 10_000 })
		await page.waitForURL(/\/webhooks(#log)?$/)
	})
	await atEachWidth(async (page, width) => {
		await open(page, webhooks)
		await shoot(page, 'delivery-redelivered', width, logHeading(page))
		// The newest delivery (the last one sent again), from its body.
		await page.locator('a[href*="/webhooks/deliveries/"]').first().click()
		await page.locator('#payload-heading').waitFor()
		await shoot(page, 'delivery-json', width, page.locator('#payload-heading'))
	})

	// Demo Games' domain: a check that finds the wrong values, then the right TXT record.
	const gamesPage = `${publicUrl}/services/${games.id}`
	const recordName = `_partner-verification.${gamesHost}`
	await hooks.addDnsRecord({
		name: recordName,
		type: 'TXT',
		value: `partner-verification=${'not-the-token-'.repeat(3)}`,
	})
	await hooks.addDnsRecord({ name: recordName, type: 'TXT', value: 'v=spf1 include:_spf.mail.example.com -all' })
	await hooks.serveWellKnown({
		url: `https://${gamesHost}/.well-known/partner-verification.txt`,
		content: 'an-old-token-from-the-last-site\nsecond line',
	})
	const verify = async (page: Page) => {
		await open(page, `${gamesPage}/verifications`)
		await page.getByRole('region', { name: 'Domain verification' }).getByRole('button', { name: 'Verify' }).click()
		await page
			.getByText(/^The domain (could not be verified|is verified)\./)
			.first()
			.waitFor()
	}
	const findings = (page: Page) => page.getByRole('table', { name: /what the last check found$/ })
	await atEachWidth(async (page, width) => {
		await verify(page)
		await shoot(
			page,
			'domain-findings',
			width,
			(await findings(page).count()) ? findings(page) : page.locator('#domain'),
		)
	})
	await attempt('verify the domain', async () => {
		const page = pages.get(WIDTHS[1])!
		const token = /\b[0-9a-f]{32}\b/.exec(await page.locator('main').innerText())?.[0]
		if (!token) throw new Error('no verification token on the page')
		await hooks.addDnsRecord({ name: recordName, type: 'TXT', value: `partner-verification=${token}` })
		await verify(page)
	})
	await atEachWidth(async (page, width) => {
		await open(page, `${gamesPage}/verifications`)
		await shoot(page, 'verifications-verified', width)
	})

	// A logo of the wrong dimensions: chosen, then Upload (with JS it is said on choosing, where the build can).
	await atEachWidth(async (page, width) => {
		await open(page, `${gamesPage}/manage/logo`)
		const field = page.getByLabel('Logo file')
		await field.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: Buffer.from(pngFile(300, 128)) })
		await page.getByRole('button', { name: 'Upload logo' }).click()
		await attempt('see the logo refused', () => page.locator('input[type="file"][aria-invalid="true"]').waitFor())
		await page.waitForLoadState('networkidle')
		await shoot(page, 'logo-limits', width)
	})

	// A new service: its client secret once, right after Create (one service per width).
	await atEachWidth(async (page, width) => {
		await open(page, `${publicUrl}/services/manage`)
		await page.getByLabel('Name', { exact: true }).fill(width === 390 ? 'Demo Shop' : 'Demo Loyalty')
		await page.getByLabel('Category').selectOption({ label: 'Finance' })
		await page.getByRole('button', { name: 'Create service' }).click()
		await page.getByText('Copy it now: it will not be shown again').waitFor()
		await shoot(page, 'service-created', width)
	})
	for (const page of pages.values()) await page.context().close()

	// Signed out: the sign-in page's header.
	for (const width of WIDTHS) {
		const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 })
		const page = await context.newPage()
		await open(page, `${publicUrl}/auth/sign-in`)
		const file = path.join(outDir, `${prefix}-header-signed-out-${width}.png`)
		await page.getByRole('banner').screenshot({ path: file })
		console.log(path.relative(projectRoot, file))
		await context.close()
	}
} finally {
	await browser.close()
	await portal.close()
	await mock.close()
}
