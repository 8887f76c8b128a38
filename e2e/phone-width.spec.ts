import type { Locator, Page, TestInfo } from '@playwright/test'
import { uniqueEmail, type MockHooks } from '#tests/mock-api/hooks-client'
import { createPartner, fillSignIn, signInOverHttp } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { LIST, postCreateWith, serviceIdOf } from './utils/services'
import { expect, jsDisabled, test } from './fixtures'

/**
 * Issue 31 points 1–3 and 10: on a 390 px phone no page is wider than the screen. Long values (the one-time
 * secret, URLs, DNS names and values, a long email address, a long delivery error) wrap or scroll inside their
 * own box; tables scroll inside a labelled region; the header stays compact, with its menu working without
 * JavaScript.
 */
const PHONE = { width: 390, height: 844 }
test.use({ viewport: PHONE })

const ONCE = 'Copy it now: it will not be shown again'
// Long, but real: a partner's name and address, host names of up to 63 characters a label.
const LONG_FIRST = 'Maximilianus-Bartholomew'
const LONG_LAST = 'Featherstonehaugh-Wolfeschlegelsteinhausen'
const longEmail = () => uniqueEmail('partner.with.a.particularly.long.mailbox.name.for.the.phone.check')
let hosts = 0
const longHost = () =>
	`a-rather-long-subdomain-label-for-the-phone-width-check-${++hosts}-${process.pid}.partner-endpoints-example.example.com`

/**
 * The document's width against the screen's, at the page now shown: never wider. A failure names the elements
 * that stick out (the innermost ones), to say where to look.
 */
async function expectFits(page: Page, what: string) {
	const { scrollWidth, clientWidth, outside } = await page.evaluate(() => {
		const root = document.documentElement
		const sticksOut = (rect: DOMRect) => rect.right > root.clientWidth + 0.5
		const wide = [...document.body.querySelectorAll('*')].filter(
			(element) =>
				sticksOut(element.getBoundingClientRect()) ||
				[...element.childNodes].some((node) => {
					if (node.nodeType !== Node.TEXT_NODE) return false
					const range = document.createRange()
					range.selectNodeContents(node)
					return sticksOut(range.getBoundingClientRect())
				}),
		)
		const innermost = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)))
		return {
			scrollWidth: root.scrollWidth,
			clientWidth: root.clientWidth,
			outside: innermost
				.slice(0, 5)
				.map(
					(element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`,
				),
		}
	})
	expect
		.soft(
			scrollWidth,
			`${what} (${page.url()}) is ${scrollWidth} px wide on a ${clientWidth} px screen: ${outside.join(', ')}`,
		)
		.toBe(clientWidth)
}

/** The lines an element's text is laid out on, as the screen shows them (each trimmed). */
function linesOf(locator: Locator) {
	return locator.evaluate((element) => {
		const lines: Array<{ top: number; text: string }> = []
		const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const text = node.textContent ?? ''
			for (let index = 0; index < text.length; index++) {
				const range = document.createRange()
				range.setStart(node, index)
				range.setEnd(node, index + 1)
				const rect = range.getBoundingClientRect()
				if (!rect.width && !rect.height) continue
				const last = lines.at(-1)
				if (last && Math.abs(last.top - rect.top) < 4) last.text += text[index]
				else lines.push({ top: rect.top, text: text[index]! })
			}
		}
		return lines.map((line) => line.text.trim())
	})
}

/** Opens `path`, checks it has a main heading, then that it fits. */
async function visit(page: Page, path: string, what = path) {
	await page.goto(path)
	await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
	await expectFits(page, what)
}

/** A long-named partner with a long address, signed in over HTTP in this page's context. */
async function signInLongNamed(page: Page, mock: MockHooks, baseURL: string) {
	const partner = await createPartner(mock, {
		email: longEmail(),
		first_name: LONG_FIRST,
		last_name: LONG_LAST,
		company_name: 'The Extraordinarily Long-Named Analytical Engines Company Limited',
	})
	await signInOverHttp(page.context().request, baseURL, partner.email, partner.password)
	return partner
}

/** A service of the signed-in partner on a long host name; its details page shows the one-time secret. */
async function newLongService(page: Page, baseURL: string) {
	const host = longHost()
	const details = await postCreateWith(page.context().request, baseURL, {
		website_url: `https://${host}/welcome/to/a/page/with/a/long/path`,
		webhook_url: `https://hooks.${host}/partner/webhooks/receive`,
		authorization_url: `https://${host}/oauth/authorize/with/a/long/path`,
	})
	return { host, details, serviceId: serviceIdOf(details), webhookHost: `hooks.${host}` }
}

test('guest pages and error pages fit a 390 px screen', async ({ page, mock }) => {
	for (const path of ['/auth/sign-in', '/auth/sign-up', '/auth/reset-password']) await visit(page, path)
	await visit(page, '/auth/reset-password/token/not-a-real-token-but-a-long-one-0123456789abcdef', 'reset token')
	await visit(page, '/tokens/email-verification/not-a-real-token-0123456789abcdef', 'an emailed link')
	await visit(page, '/no-such-page/with/a/long/path/that/does/not/exist', 'not found')
	// The two-step step, its code sent to a long address.
	const partner = await createPartner(mock, { email: longEmail(), email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, partner.password)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	await expectFits(page, 'two-step step')
})

test('signed out, the header keeps "Sign in" and "Create an account" on one line beside the name (issue 55, point 17)', async ({
	page,
}) => {
	await page.goto('/auth/sign-in')
	const header = page.getByRole('banner')
	const boxes = await Promise.all(
		['Partner Portal', 'Sign in', 'Create an account'].map(
			async (name) => (await header.getByRole('link', { name, exact: true }).boundingBox())!,
		),
	)
	const lineHeight = boxes[1]!.height
	for (const box of boxes.slice(1)) expect(box.height).toBeLessThanOrEqual(lineHeight)
	// One row: every link's middle at the same height as the others'.
	const middles = boxes.map((box) => Math.round(box.y + box.height / 2))
	expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4)
})

test("the mock's inbox fits a 390 px screen, a long address and its email's links included (issue 55, point 23)", async ({
	page,
	mock,
}) => {
	const partner = await createPartner(mock, { email: longEmail(), email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, partner.password)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	await page.goto(`${mock.url}/__mock/inbox?to=${encodeURIComponent(partner.email)}`)
	await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
	await expectFits(page, 'mock inbox')
})

test('the account area, the dashboard and contact fit a 390 px screen', async ({ page, mock, baseURL }) => {
	const partner = await signInLongNamed(page, mock, baseURL!)
	await visit(page, '/', 'dashboard')
	await visit(page, '/contact')
	await visit(page, '/me/manage/general/personal-details')
	await visit(page, '/me/manage/security/password')
	await visit(page, '/me/manage/security/multi-factor-authentication')
	// The QR code and the setup key come at once (issue 31 point 17).
	await visit(page, '/me/manage/security/multi-factor-authentication/totp')
	await expect(page.getByRole('figure', { name: 'Setup key' })).toBeVisible()
	await expectFits(page, 'authenticator set-up with its key')
	await visit(page, '/me/manage/security/multi-factor-authentication/email')
	await page.getByRole('button', { name: 'Send me a code' }).click()
	await expect(page.getByText(`We have sent a code to ${partner.email}.`)).toBeVisible()
	await expectFits(page, 'email code sent to a long address')
	// A pending change to another long address.
	await visit(page, '/me/manage/security/email')
	await page.getByLabel('New email address').fill(longEmail())
	await page.getByLabel('Current password').fill(partner.password)
	await page.getByRole('button', { name: 'Send confirmation link' }).click()
	await expect(page.getByText(/We have sent a confirmation link to/)).toBeVisible()
	await expectFits(page, 'email change sent')
	await page.reload()
	await expect(page.getByText(/Waiting for you to confirm/)).toBeVisible()
	await expectFits(page, 'email change pending')
})

test('the service area fits a 390 px screen: the one-time secret, settings, sections, statistics', async ({
	page,
	mock,
	baseURL,
}) => {
	test.setTimeout(60_000)
	await signInLongNamed(page, mock, baseURL!)
	await visit(page, LIST, 'services list and create form')
	const { details, serviceId } = await newLongService(page, baseURL!)
	await page.goto(details)
	await expect(page.getByText(ONCE)).toBeVisible()
	await expectFits(page, 'details with the one-time secret')
	const secret = page.getByRole('figure', { name: 'Client secret' }).locator('code')
	const box = (await secret.boundingBox())!
	expect(box.x).toBeGreaterThanOrEqual(0)
	expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)

	await visit(page, LIST, 'services list with a service')
	const today = await mock.now()
	await mock.setStats(serviceId, [
		{ date: today.toISOString().slice(0, 10), active_users: 1234567, new_users: 7654, nukes: 3 },
	])
	await visit(page, `${details}?days=90`, 'details with statistics')
	for (const section of [
		'manage',
		'manage/logo',
		'manage/logo/remove',
		'developers',
		'protections',
		'translations',
		'webhooks',
	]) {
		await visit(page, `${details}/${section}`)
	}
	await visit(page, `${details}/verifications/reset`, 'domain reset confirmation')
	await visit(page, `${details}/verifications/submit`, 'review submit confirmation')
})

test('the domain check with findings fits a 390 px screen, its tables in labelled regions', async ({
	page,
	mock,
	baseURL,
}, testInfo) => {
	await signInLongNamed(page, mock, baseURL!)
	const { host, details } = await newLongService(page, baseURL!)
	const recordName = `_partner-verification.${host}`
	await mock.addDnsRecord({
		name: recordName,
		type: 'TXT',
		value: `partner-verification=${'not-the-token-'.repeat(5)}`,
	})
	await mock.addDnsRecord({
		name: recordName,
		type: 'TXT',
		value: 'v=spf1 include:_spf.a-long-mail-provider.example.com -all',
	})
	await mock.serveWellKnown({
		url: `https://${host}/.well-known/partner-verification.txt`,
		content: `an-old-token-that-is-long-and-has-no-spaces-${'0123456789'.repeat(4)}`,
	})
	await page.goto(`${details}/verifications`)
	await page.getByRole('region', { name: 'Domain verification' }).getByRole('button', { name: 'Verify' }).click()
	await expect(page.getByText('The domain could not be verified.')).toBeVisible()
	await expectFits(page, 'domain check with findings')
	for (const name of ['DNS TXT record: what the last check found', 'File on your website: what the last check found']) {
		// A card per check on a phone, in a region a keyboard can reach: nothing to scroll sideways.
		const region = page.getByRole('region', { name })
		await expect(region).toHaveAttribute('tabindex', '0')
		await expect(region.getByRole('table', { name })).toBeVisible()
		expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
	}
	// Issue 55, point 17: a DNS name or value breaks after a separator, never inside a word ("verifica tion").
	const dns = page.getByRole('region', { name: /^DNS TXT record/ })
	for (const value of [page.getByText(recordName, { exact: true }), dns.getByText(/^partner-verification=not-the/)]) {
		const lines = await linesOf(value.first())
		expect(lines.length).toBeGreaterThan(1)
		for (const line of lines.slice(0, -1)) expect(line).toMatch(/[-./:=_]$/)
	}
	await expectAccessible(page, testInfo)
})

test('webhooks: the log with a long error, a delivery and a check fit a 390 px screen; words stay whole', async ({
	page,
	mock,
	baseURL,
}, testInfo) => {
	await signInLongNamed(page, mock, baseURL!)
	const { details, webhookHost } = await newLongService(page, baseURL!)
	// The endpoint's host resolves to a loopback address: the delivery fails with a long error naming the host.
	await mock.addDnsRecord({ name: webhookHost, type: 'A', value: '127.0.0.1' })
	await page.goto(`${details}/webhooks`)
	await page.getByRole('button', { name: 'Send test event' }).click()
	await expect(page).toHaveURL(/\/webhooks\/deliveries\/[^/]+$/)
	await expect(page.getByText(/resolves to a private, loopback or link-local address/).first()).toBeVisible()
	await expectFits(page, 'delivery with a long error')

	// The answer first: the error, on the first screen.
	const outcome = page.getByRole('status').filter({ hasText: 'Failed: no answer' })
	const answer = (await outcome.boundingBox())!
	expect(answer.y + answer.height).toBeLessThanOrEqual(PHONE.height)
	// Laid-out JSON keeps each of its lines whole: a string never wraps inside (issue 55, point 17).
	const payload = page.getByRole('figure', { name: /^Body of the event/ }).locator('pre')
	const source = (await payload.innerText()).split('\n').filter((line) => line.trim())
	expect(await linesOf(payload)).toEqual(source.map((line) => line.trim()))
	// A header's name breaks only after a hyphen, never inside a word ("webhook-timesta mp").
	const headers = page.getByRole('table', { name: 'Attempt 1: request headers' })
	for (const line of (await linesOf(headers.getByRole('rowheader', { name: 'webhook-timestamp' }))).slice(0, -1))
		expect(line).toMatch(/-$/)

	await visit(page, `${details}/webhooks`, 'webhooks with a long error in the log')
	const log = page.getByRole('table', { name: 'Deliveries, newest first' })
	const region = page.getByRole('region', { name: 'Deliveries, newest first' })
	await expect(region).toHaveAttribute('tabindex', '0')
	// Rows are cards on a phone: nothing to scroll sideways, the status on top, then the event.
	expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
	const row = log
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader') })
		.first()
	const status = (await row.getByText('Failed', { exact: true }).boundingBox())!
	const event = (await row.getByRole('rowheader').boundingBox())!
	expect(status.y + status.height).toBeLessThanOrEqual(event.y + 1)
	expect(event.width).toBeGreaterThan(PHONE.width / 2)
	// An event's type breaks after an underscore, never inside a word.
	for (const line of (await linesOf(row.locator('code').first())).slice(0, -1)) expect(line).toMatch(/_$/)
	// No word is broken apart: a column heading and the status are each on one line.
	for (const text of [
		log.getByRole('columnheader', { name: 'Status' }),
		log.getByRole('columnheader', { name: 'Attempts' }),
		log.getByText('Failed', { exact: true }),
	]) {
		const lines = await text.evaluate((element) => {
			const range = document.createRange()
			range.selectNodeContents(element)
			return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
		})
		expect(lines).toBe(1)
	}
	await expectAccessible(page, testInfo)

	await mock.addWebhookReceiver({ url: `https://${webhookHost}/partner/webhooks/receive` })
	await page.getByRole('button', { name: 'Check endpoint' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Endpoint check' })).toBeVisible()
	await expectFits(page, 'endpoint check')
	// The checks are cards too: each verdict under its column's name, a whole line, no sideways scroll.
	await visit(page, `${details}/webhooks`, 'webhooks with a check')
	const checks = page.getByRole('table', { name: 'Endpoint checks, newest first' })
	expect(await checks.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
	const cells = checks
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader') })
		.first()
		.getByRole('cell')
	await expect(cells).toHaveCount(2)
	for (const cell of await cells.all()) {
		expect(await linesOf(cell)).toHaveLength(1)
		// The column's name and the verdict share that line.
		expect((await cell.boundingBox())!.height).toBeLessThan(40)
	}
})

test('secrets: the confirmations and the new secret after a rotation and a reset fit a 390 px screen', async ({
	page,
	mock,
	baseURL,
}) => {
	const partner = await signInLongNamed(page, mock, baseURL!)
	const { details } = await newLongService(page, baseURL!)
	const developers = `${details}/developers`
	await visit(page, `${developers}/secrets/rotate`, 'rotate confirmation')
	// A change to a secret asks for the password first (issue 31 point 4), then not again for a few minutes.
	await page.getByLabel('Your password').fill(partner.password)
	await page.getByRole('button', { name: 'Create a second secret' }).click()
	await expect(page.getByText(ONCE)).toBeVisible()
	await expectFits(page, 'the new secret after a rotation')
	await page
		.getByRole('link', { name: /^Revoke secret/ })
		.first()
		.click()
	await expect(page.getByRole('heading', { level: 1, name: /^Revoke secret/ })).toBeVisible()
	await expectFits(page, 'revoke confirmation')
	await visit(page, `${developers}/secrets/reset`, 'reset confirmation')
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	await expect(page.getByText(ONCE)).toBeVisible()
	await expectFits(page, 'the new secret after a reset')
})

test('an error page fits a 390 px screen, signed in', async ({ page, partner: _signedIn, mock }) => {
	await visit(page, '/services/not-a-service-of-yours-with-a-long-identifier-0123456789', 'not found, signed in')
	await mock.fault({ method: 'GET', path: '/services*', status: 500 })
	await page.goto(LIST)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expectFits(page, 'something went wrong')
})

/** The header's height and whether it is on one line. */
const headerHeight = async (page: Page) => (await page.getByRole('banner').boundingBox())!.height

test('on a phone the header is compact: its menu opens without JavaScript, marks the current page, names the partner', async ({
	page,
	mock,
	baseURL,
}, testInfo: TestInfo) => {
	await signInLongNamed(page, mock, baseURL!)
	await page.goto(LIST)
	expect(await headerHeight(page)).toBeLessThanOrEqual(72)
	const nav = page.getByRole('navigation', { name: 'Main' })
	await expect(nav.getByRole('link', { name: 'Services' })).toBeHidden()
	await page.getByRole('banner').getByText('Menu', { exact: true }).click()
	await expect(nav.getByRole('link', { name: 'Services' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'true')
	await expect(nav.getByText(`Signed in as ${LONG_FIRST} ${LONG_LAST}`)).toBeVisible()
	await expectFits(page, 'the open menu')
	await expectAccessible(page, testInfo)
	await nav.getByRole('link', { name: 'Account' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible()
	// What only JavaScript does (the rest of the test ran in both projects).
	if (!jsDisabled(testInfo)) {
		// With JavaScript the menu closes once it has taken the partner to another page.
		await expect(nav.getByRole('link', { name: 'Services' })).toBeHidden()
	}
})

test('on a desktop a long name keeps the header on one line, the name cut with an ellipsis', async ({
	page,
	mock,
	baseURL,
}) => {
	await page.setViewportSize({ width: 1280, height: 800 })
	await signInLongNamed(page, mock, baseURL!)
	await page.goto('/')
	const nav = page.getByRole('navigation', { name: 'Main' })
	await expect(page.getByRole('banner').getByText('Menu', { exact: true })).toBeHidden()
	await expect(nav.getByRole('link', { name: 'Services' })).toBeVisible()
	expect(await headerHeight(page)).toBeLessThanOrEqual(72)
	const name = nav.getByText(`Signed in as ${LONG_FIRST} ${LONG_LAST}`)
	await expect(name).toBeVisible()
	const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth)
	expect(cut).toBe(true)
	await expect(name).toHaveCSS('text-overflow', 'ellipsis')
})

test('copyable values use a readable monospace stack and size', async ({ page, partner: _signedIn, baseURL }) => {
	const { details } = await newLongService(page, baseURL!)
	await page.goto(`${details}/developers`)
	const value = page.locator('main code').first()
	await expect(value).toBeVisible()
	await expect(value).toHaveCSS(
		'font-family',
		/^ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace$/,
	)
	const size = await value.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
	expect(size).toBeGreaterThanOrEqual(15)
})
