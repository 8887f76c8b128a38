import type { Locator, Page } from '@playwright/test'
import {
	apiAccessToken,
	createFormTokens,
	postCreateWith,
	postNameAndCategory,
	SERVICE,
	serviceIdOf,
	setLogoThroughApi,
	sectionLink,
} from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'

const FAILED = 'The domain could not be verified. Compare what was found with what is expected.'
const NOT_READY = ['The domain must be verified.', 'The service must have a logo.']

let domains = 0
/** A website domain of its own per service, so the DNS records and files of the mock concern it alone. */
const uniqueDomain = () => `verify-${Date.now().toString(36)}-${process.pid}-${++domains}.example.com`

const domainRegion = (page: Page) => page.getByRole('region', { name: 'Domain verification' })
const dnsRegion = (page: Page) => page.getByRole('region', { name: 'Way 1: a DNS TXT record' })
const fileRegion = (page: Page) => page.getByRole('region', { name: 'Way 2: a file on your website' })
const reviewRegion = (page: Page) => page.getByRole('region', { name: 'Review' })
const dnsFindings = (page: Page) => page.getByRole('table', { name: 'DNS TXT record: what the last check found' })
const fileFindings = (page: Page) =>
	page.getByRole('table', { name: 'File on your website: what the last check found' })
const checklist = (page: Page) => page.getByRole('list', { name: 'Before you submit' })
const checklistItem = (page: Page, label: string) => checklist(page).getByRole('listitem').filter({ hasText: label })
const history = (page: Page) => page.getByRole('list', { name: 'History' }).getByRole('listitem')
/** The value of a row of a description list in `region` (its `dd` after the `dt` named `term`). */
const valueOf = (region: Locator, term: string) =>
	region.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]')

/** A new service of the signed-in partner on a domain of its own: its id, details and verifications paths. */
async function newService(page: Page, baseURL: string) {
	const domain = uniqueDomain()
	const details = await postCreateWith(page.context().request, baseURL, { website_url: `https://${domain}/welcome` })
	return { domain, details, id: serviceIdOf(details), verifications: `${details}/verifications` }
}

/** The token the page shows (the content of the file). */
async function shownToken(page: Page) {
	const token = (await valueOf(fileRegion(page), 'Content').locator('code').textContent())!.trim()
	expect(token).toMatch(/^[0-9a-f]{32}$/)
	return token
}

async function verify(page: Page, flash: string) {
	await domainRegion(page).getByRole('button', { name: 'Verify' }).click()
	await expect(page.getByText(flash)).toBeVisible()
	await expect(page).toHaveURL(/\/verifications#domain$/)
}

/** Through the submit or cancel link of the review and its confirmation page, back to the page. */
async function confirmReview(page: Page, link: string, button: string, done: string) {
	await reviewRegion(page).getByRole('link', { name: link }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText(
		link === 'Submit for review' ? 'Submit' : 'Cancel',
	)
	await page.getByRole('button', { name: button }).click()
	await expect(page.getByText(done)).toBeVisible()
	await expect(page).toHaveURL(/\/verifications#review$/)
}

test('domain verification: the findings of a failed check, then proven by TXT; after a reset the old token proves nothing, the file does', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	// A long journey, with an axe scan at each step.
	test.setTimeout(60_000)
	const { domain, details, verifications } = await newService(page, baseURL!)
	await page.goto(details)
	await expect(sectionLink(page, 'Verifications')).toHaveAccessibleDescription(
		'Domain not verified yet. Review: Not submitted.',
	)
	await sectionLink(page, 'Verifications').click()
	await expect(page).toHaveURL(new RegExp(`${verifications}$`))
	await expect(page.getByRole('heading', { level: 1, name: `Verifications: ${SERVICE.name}` })).toBeVisible()
	await expect(valueOf(domainRegion(page), 'Domain')).toContainText(domain)
	await expect(valueOf(domainRegion(page), 'Status')).toContainText('Not verified')
	await expect(valueOf(domainRegion(page), 'Status')).toContainText('Not checked yet')
	// A value and its explanation are on lines of their own, never run together.
	for (const [term, value] of [
		['Domain', domain],
		['Status', 'Not verified'],
	] as const) {
		const cell = valueOf(domainRegion(page), term)
		const first = (await cell.getByText(value, { exact: true }).boundingBox())!
		const next = (await cell.locator(':scope > :nth-child(2)').boundingBox())!
		expect(next.y, term).toBeGreaterThanOrEqual(first.y + first.height)
	}

	// The two ways, with the values to publish.
	const token = await shownToken(page)
	const recordName = `_partner-verification.${domain}`
	const fileUrl = `https://${domain}/.well-known/partner-verification.txt`
	await expect(valueOf(dnsRegion(page), 'Name').locator('code')).toHaveText(recordName)
	await expect(valueOf(dnsRegion(page), 'Type').locator('code')).toHaveText('TXT')
	await expect(valueOf(dnsRegion(page), 'Value').locator('code')).toHaveText(`partner-verification=${token}`)
	await expect(valueOf(fileRegion(page), 'Address').locator('code')).toHaveText(fileUrl)
	const copyButtons = [
		'Copy the record name',
		'Copy the record value',
		'Copy the file address',
		'Copy the file content',
	]
	for (const name of copyButtons) {
		await expect(page.getByRole('button', { name })).toHaveCount(jsDisabled(testInfo) ? 0 : 1)
	}
	if (!jsDisabled(testInfo)) {
		await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
		await page.getByRole('button', { name: 'Copy the record value' }).click()
		await expect(valueOf(dnsRegion(page), 'Value').getByRole('status')).toHaveText('Copied to the clipboard.')
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`partner-verification=${token}`)
	}
	await expect(dnsFindings(page)).toHaveCount(0)
	await expectAccessible(page, testInfo)

	// Nothing published: no TXT record, the file is a 404 without content.
	await verify(page, FAILED)
	await expect(valueOf(domainRegion(page), 'Status')).toContainText('Verification failed')
	await expect(valueOf(domainRegion(page), 'Status').locator('time')).toHaveAttribute('datetime', /^\d{4}-/)
	await expect(dnsFindings(page).getByRole('row', { name: `TXT values at ${recordName}` })).toContainText(
		`partner-verification=${token}`,
	)
	await expect(dnsFindings(page).getByRole('row', { name: `TXT values at ${recordName}` })).toContainText(
		'No TXT record',
	)
	await expect(fileFindings(page).getByRole('row', { name: 'HTTP status' }).getByRole('cell')).toHaveText([
		'200',
		'404',
	])
	await expect(fileFindings(page).getByRole('row', { name: 'First line' }).getByRole('cell')).toHaveText([
		token,
		'No content',
	])

	// Wrong values: what was found, next to what is expected.
	await mock.addDnsRecord({ name: recordName, type: 'TXT', value: 'partner-verification=not-the-token' })
	await mock.addDnsRecord({ name: recordName, type: 'TXT', value: 'v=spf1 -all' })
	await mock.serveWellKnown({ url: fileUrl, content: 'an-old-token\nsecond line' })
	await verify(page, FAILED)
	const txtRow = dnsFindings(page).getByRole('row', { name: `TXT values at ${recordName}` })
	await expect(txtRow.getByRole('cell').first()).toHaveText(`partner-verification=${token}`)
	await expect(txtRow.getByRole('cell').nth(1).getByRole('listitem')).toHaveText([
		'partner-verification=not-the-token',
		'v=spf1 -all',
	])
	await expect(fileFindings(page).getByRole('row', { name: 'HTTP status' }).getByRole('cell')).toHaveText([
		'200',
		'200',
	])
	await expect(fileFindings(page).getByRole('row', { name: 'First line' }).getByRole('cell')).toHaveText([
		token,
		'an-old-token',
	])
	await expectAccessible(page, testInfo)

	// The right TXT record proves it.
	await mock.addDnsRecord({ name: recordName, type: 'TXT', value: `partner-verification=${token}` })
	await verify(page, 'The domain is verified.')
	await expect(valueOf(domainRegion(page), 'Status')).toContainText(/^Verified\s*Verified on \d{1,2} \w{3} \d{4}/)
	await expect(valueOf(domainRegion(page), 'Status').locator('time')).toHaveAttribute('datetime', /^\d{4}-/)
	await expect(domainRegion(page).getByRole('button', { name: 'Verify' })).toHaveCount(0)
	await expect(dnsFindings(page)).toHaveCount(0)
	await expect(checklistItem(page, 'Domain verified')).toContainText('Done')
	// Done: both ways folded away, the review in sight (issue 55, point 7).
	await expect(dnsRegion(page)).toBeHidden()
	await expect(fileRegion(page)).toBeHidden()
	const ways = domainRegion(page).getByText('How the domain can be proven (done: open to see the values)')
	await expect(ways).toBeVisible()

	// Reset: the confirmation page, Cancel changes nothing.
	await page.getByRole('link', { name: 'Reset verification details' }).click()
	await expect(page).toHaveURL(new RegExp(`${verifications}/reset$`))
	await expect(
		page.getByRole('heading', { level: 1, name: `Reset the verification details of ${domain}` }),
	).toBeVisible()
	await expect(page.getByText('The domain is verified now.')).toBeVisible()
	await expectAccessible(page, testInfo)
	await page.getByRole('link', { name: 'Cancel' }).click()
	await expect(page).toHaveURL(new RegExp(`${verifications}#domain$`))
	await expect(valueOf(domainRegion(page), 'Status')).toContainText('Verified on')
	await ways.click()
	expect(await shownToken(page)).toBe(token)

	await page.getByRole('link', { name: 'Reset verification details' }).click()
	await page.getByRole('button', { name: 'Reset verification details' }).click()
	await expect(
		page.getByText('New verification details were issued: the old token no longer proves the domain.'),
	).toBeVisible()
	await expect(page).toHaveURL(new RegExp(`${verifications}#domain$`))
	await expect(valueOf(domainRegion(page), 'Status')).toContainText('Not verified')
	const newToken = await shownToken(page)
	expect(newToken).not.toBe(token)
	await expect(valueOf(dnsRegion(page), 'Value').locator('code')).toHaveText(`partner-verification=${newToken}`)
	await expect(checklistItem(page, 'Domain verified')).toContainText('Not done')

	// The old token's record is still there, and proves nothing now.
	await verify(page, FAILED)
	await expect(
		dnsFindings(page)
			.getByRole('row', { name: `TXT values at ${recordName}` })
			.getByRole('listitem'),
	).toContainText([`partner-verification=${token}`])
	await expect(dnsFindings(page).getByRole('row', { name: `TXT values at ${recordName}` })).toContainText(
		`partner-verification=${newToken}`,
	)

	// The file with the new token proves it.
	await mock.serveWellKnown({ url: fileUrl, content: `${newToken}\n` })
	await verify(page, 'The domain is verified.')
	await expect(valueOf(domainRegion(page), 'Status')).toContainText('Verified on')
	await expectAccessible(page, testInfo)
	await page.goto(details)
	await expect(sectionLink(page, 'Verifications')).toHaveAccessibleDescription(
		'Domain verified. Review: Not submitted.',
	)
	await expect(sectionLink(page, 'Verifications')).toHaveAttribute('href', verifications)
})

test('the checklist blocks Submit until complete; submit → cancel → submit → dismissed → resubmit → verified, every step in the history', async ({
	page,
	partner,
	baseURL,
	mock,
}, testInfo) => {
	// A long journey, with an axe scan at each step.
	test.setTimeout(60_000)
	const { details, id, verifications } = await newService(page, baseURL!)
	await page.goto(verifications)
	const review = reviewRegion(page)
	await expect(valueOf(review, 'Status')).toHaveText('Not submitted')
	await expect(review).toContainText(
		'Not yet submitted. Submit your service for review once its integration is complete.',
	)
	await expect(checklist(page).getByRole('listitem')).toHaveText([
		/^Domain verified: Not done/,
		/^Logo set: Not done/,
		/^Website URL set: Done$/,
		/^Webhook URL set: Done$/,
		/^Authorization URL set: Done$/,
		// The service's own name and description are its English translation: counted without saving them again.
		/^English \(en-GB\) name and description: Done$/,
	])
	await expect(checklistItem(page, 'Domain verified').getByRole('link', { name: 'Verify the domain' })).toHaveAttribute(
		'href',
		`${verifications}#domain`,
	)
	await expect(checklistItem(page, 'Logo set').getByRole('link', { name: 'Add a logo' })).toHaveAttribute(
		'href',
		`${details}/manage/logo`,
	)
	await expect(review.getByRole('link', { name: 'Submit for review' })).toHaveCount(0)
	await expect(review).toContainText('You can submit once the checklist is complete: 2 items are not done yet.')
	await expect(review).toContainText('Nothing yet: the service has not been submitted for review.')
	await expectAccessible(page, testInfo)

	// The submit page says what the API would refuse (a post anyway: the route tests).
	const submit = `${verifications}/submit`
	await page.goto(submit)
	for (const message of NOT_READY) await expect(page.getByRole('alert')).toContainText(message)
	await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0)
	await page.getByRole('link', { name: 'Back to verifications' }).click()
	await expect(page).toHaveURL(new RegExp(`${verifications}#review$`))

	// The domain (on this page) and a logo (through the API: its page is elsewhere).
	await checklistItem(page, 'Domain verified').getByRole('link', { name: 'Verify the domain' }).click()
	const token = await shownToken(page)
	await mock.serveWellKnown({
		url: (await valueOf(fileRegion(page), 'Address').locator('code').textContent())!,
		content: token,
	})
	await verify(page, 'The domain is verified.')
	await expect(review).toContainText('You can submit once the checklist is complete: 1 item is not done yet.')
	const bearer = await apiAccessToken(mock, partner.email, partner.password)
	await setLogoThroughApi(mock, bearer, id)
	await page.reload()
	await expect(checklist(page).getByRole('listitem').filter({ hasText: 'Not done' })).toHaveCount(0)
	await expect(review).not.toContainText('You can submit once')

	// Submit: the confirmation page, its way back, then confirmed.
	await review.getByRole('link', { name: 'Submit for review' }).click()
	await expect(page).toHaveURL(new RegExp(`${submit}$`))
	await expect(page.getByRole('heading', { level: 1, name: `Submit ${SERVICE.name} for review` })).toBeVisible()
	await expect(page.getByText('While the review is open you may cancel it.')).toBeVisible()
	await expectAccessible(page, testInfo)
	await page.getByRole('link', { name: 'Back without submitting' }).click()
	await expect(valueOf(review, 'Status')).toHaveText('Not submitted')
	await confirmReview(page, 'Submit for review', 'Submit for review', 'Your service was submitted for review.')
	await expect(valueOf(review, 'Status')).toHaveText('Submitted')
	await expect(review).toContainText('Submitted: it waits for a reviewer. You may cancel the review.')
	await expect(checklist(page)).toHaveCount(0)
	await expect(review.getByRole('link', { name: 'Submit for review' })).toHaveCount(0)
	await expectAccessible(page, testInfo)

	// Cancel: its confirmation page, then confirmed.
	await review.getByRole('link', { name: 'Cancel the review' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Cancel the review of ${SERVICE.name}` })).toBeVisible()
	await expectAccessible(page, testInfo)
	await page.getByRole('link', { name: 'Keep the review' }).click()
	await expect(valueOf(review, 'Status')).toHaveText('Submitted')
	await confirmReview(page, 'Cancel the review', 'Cancel the review', 'The review was cancelled.')
	await expect(valueOf(review, 'Status')).toHaveText('Cancelled')
	await expect(review).toContainText('Cancelled: you withdrew the review. Submit again when you are ready.')
	await expect(review.getByRole('link', { name: 'Cancel the review' })).toHaveCount(0)

	await confirmReview(page, 'Submit for review', 'Submit for review', 'Your service was submitted for review.')

	// The reviewer dismisses it with a reason: shown; the partner may resubmit.
	await mock.setReview(id, { status: 'in_progress' })
	await page.reload()
	await expect(valueOf(review, 'Status')).toHaveText('In review')
	await expect(review).toContainText('In review: a reviewer is checking your service. You may cancel the review.')
	await mock.setReview(id, { status: 'dismissed', reason: 'The logo is blurry.' })
	await page.reload()
	await expect(valueOf(review, 'Status')).toHaveText('Dismissed')
	await expect(review).toContainText('Dismissed by the reviewer. Make the changes they ask for, then submit again.')
	await expect(review.getByText('Reason: The logo is blurry.').first()).toBeVisible()
	await expectAccessible(page, testInfo)
	await confirmReview(page, 'Submit for review', 'Submit for review', 'Your service was submitted for review.')

	// The reviewer verifies it: customers can use it; nothing left to do.
	await mock.setReview(id, { status: 'verified' })
	await page.reload()
	await expect(valueOf(review, 'Status')).toHaveText('Verified')
	await expect(review).toContainText('Verified: customers can use your service.')
	await expect(review.getByRole('link', { name: /Submit for review|Cancel the review/ })).toHaveCount(0)
	await expect(history(page)).toHaveText([
		/^Submitted, by you/,
		/^Cancelled, by you/,
		/^Submitted, by you/,
		/^In review, by the reviewer/,
		/^Dismissed, by the reviewer.*Reason: The logo is blurry\.$/,
		/^Submitted, by you/,
		/^Verified, by the reviewer/,
	])
	const times = await history(page)
		.locator('time')
		.evaluateAll((elements) => elements.map((element) => element.getAttribute('datetime')!))
	expect(times).toHaveLength(7)
	expect(times.map((time) => Date.parse(time))).toEqual(
		[...times.map((time) => Date.parse(time))].sort((a, b) => a - b),
	)
	await expectAccessible(page, testInfo)

	await page.goto(details)
	await expect(sectionLink(page, 'Verifications')).toHaveAccessibleDescription('Domain verified. Review: Verified.')
})

test('a service of a name and a category: the checklist says what is missing, with its way; a description saved in the settings counts as its English translation', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const request = page.context().request
	const details = await postNameAndCategory(request, baseURL!, await createFormTokens(request))
	const verifications = `${details}/verifications`
	await page.goto(verifications)
	// No website: no domain to prove yet, and the way to set one.
	const domain = domainRegion(page)
	await expect(domain).toContainText('Your service has no website URL yet.')
	await expect(domain.getByRole('link', { name: 'set the website URL in the settings' })).toHaveAttribute(
		'href',
		`${details}/manage`,
	)
	await expect(domain.getByRole('button', { name: 'Verify' })).toHaveCount(0)
	await expect(checklist(page).getByRole('listitem')).toHaveText([
		/^Domain verified: Not done/,
		/^Logo set: Not done/,
		/^Website URL set: Not done Set the website URL$/,
		/^Webhook URL set: Not done Set the webhook URL$/,
		/^Authorization URL set: Not done Set the authorization URL$/,
		/^English \(en-GB\) name and description: Not done Add a description$/,
	])
	await expect(reviewRegion(page)).toContainText('6 items are not done yet.')
	await expectAccessible(page, testInfo)

	// The English translation lacks only the description, which the settings take.
	await checklistItem(page, 'English (en-GB) name and description')
		.getByRole('link', { name: 'Add a description' })
		.click()
	await expect(page).toHaveURL(`${details}/manage`)
	await page.getByLabel('Description').fill(SERVICE.description)
	await page.getByRole('button', { name: 'Save settings' }).click()
	await expect(page).toHaveURL(details)
	await expect(page.getByText('Settings saved.')).toBeVisible()
	// The service's own English text: no translation to count (issue 55, point 16); the checklist counts it below.
	await expect(sectionLink(page, 'Translations')).toHaveAccessibleDescription('No translations yet.')
	await page.goto(verifications)
	await expect(checklistItem(page, 'English (en-GB) name and description')).toHaveText(
		/^English \(en-GB\) name and description: Done$/,
	)
	await expect(reviewRegion(page)).toContainText('5 items are not done yet.')
})

// A refused step (not ready, a double submit, cancelling a verified review, a verified domain again, an unknown
// intent): a 422 with the API's words, never a 5xx: tests/routes/services-verifications.test.ts.
