/**
 * Issue 31, "the rough edges of a first week": points 11 (a way back without the authenticator), 12 (the outcome
 * where the partner is; focus and the page title after a client-side navigation), 15 (a second click on an email
 * link) and 16 (review timing, the services that need attention, the live service warning).
 */
import type { Page } from '@playwright/test'
import { reviewTypicalWorkingDays } from '#app/api/contract/constants'
import { uniqueEmail } from '#tests/mock-api/hooks-client'
import { PASSWORD, createPartner, fillSignIn, totpNow } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { apiAccessToken, meetChecklistThroughApi, postCreateWith, SERVICE, serviceIdOf } from './utils/services'
import { CONTACT_EMAIL, expect, jsDisabled, test } from './fixtures'

const DAYS = `${reviewTypicalWorkingDays} working days`
const SENT = 'Thank you. Your message has been sent; we will reply by email.'
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

let domains = 0
/** A website domain of its own per service, so the mock's DNS records concern it alone. */
const uniqueDomain = () => `first-week-${Date.now().toString(36)}-${process.pid}-${++domains}.example.com`

async function fillGuestContact(page: Page, { name = 'Ada Lovelace', email = '', subject = '', message = '' }) {
	await page.getByLabel('Your name').fill(name)
	if (email) await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Subject').fill(subject)
	await page.getByLabel('Message').fill(message)
}

test.describe('point 11: a way back without the authenticator', () => {
	test('signed out, the contact page asks who is writing, keeps what was typed, and sends', async ({
		page,
		mock,
	}, testInfo) => {
		const email = uniqueEmail('guest')
		await page.goto('/contact')
		await expect(page).toHaveURL(/\/contact$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
		await expect(page.getByRole('main').getByRole('link', { name: 'sign in', exact: true })).toHaveAttribute(
			'href',
			'/auth/sign-in',
		)
		await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(
			'The address of your account, if you have one. We reply to it.',
		)
		await expectAccessible(page, testInfo)

		await fillGuestContact(page, { subject: 'Lost my phone', message: '', email: 'not-an-email' })
		await page.getByRole('button', { name: 'Send message' }).click()
		await expect(summary(page)).toContainText('Email address: This field must contain a valid email.')
		await expect(summary(page)).toContainText('Message: This field is required.')
		await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace')
		await expect(page.getByLabel('Subject')).toHaveValue('Lost my phone')

		await page.getByLabel('Email address').fill(email)
		await page.getByLabel('Message').fill('My authenticator app was on the phone I lost.')
		await page.getByRole('button', { name: 'Send message' }).click()
		await expect(page.getByText(SENT)).toBeVisible()
		const mail = await mock.lastEmail(CONTACT_EMAIL)
		expect(mail.subject).toBe('Contact (signed out): Lost my phone')
		expect(mail.text).toContain(`From: Ada Lovelace <${email}>`)
		expect(mail.text).toContain('My authenticator app was on the phone I lost.')
	})

	// What the step and the contact page answer (the methods offered, the address kept): tests/routes/first-week.test.ts.
	test('the authenticator step offers the email code only when it is on, and the contact page either way', async ({
		page,
		mock,
	}, testInfo) => {
		const lost = page.getByRole('region', { name: 'Can’t use your authenticator?' })
		await test.step('with the email code on too: both ways out, the address typed kept', async () => {
			const partner = await createPartner(mock, { totp: true, email_two_step: true })
			await page.goto('/auth/sign-in')
			await fillSignIn(page, partner.email, PASSWORD)
			await expect(lost).toBeVisible()
			await expectAccessible(page, testInfo)
			await lost.getByRole('link', { name: 'Email me a code instead' }).click()
			await expect(page).toHaveURL(/\/auth\/sign-in\/two-step\?method=email$/)
			await expect(page.getByRole('button', { name: /^Email me a code/ })).toBeVisible()
			await page.goBack()
			await lost.getByRole('link', { name: 'Contact us' }).click()
			await expect(page).toHaveURL(/\/contact$/)
			// The address typed at sign-in is offered; the rest is the partner's to say.
			await expect(page.getByLabel('Email address')).toHaveValue(partner.email)
			await expect(page.getByLabel('Your name')).toHaveValue('')
		})

		await test.step('with the authenticator only: the contact page, no email code, and the step still works', async () => {
			// A browser of its own: nothing of the first partner's pending sign-in.
			await page.context().clearCookies()
			const partner = await createPartner(mock, { totp: true })
			await page.goto('/auth/sign-in')
			await fillSignIn(page, partner.email, PASSWORD)
			await expect(lost.getByRole('link', { name: 'Contact us' })).toBeVisible()
			await expect(lost.getByRole('link', { name: 'Email me a code instead' })).toHaveCount(0)
			await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, partner.totpSecret!))
			await page.getByRole('button', { name: 'Continue' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
		})
	})
})

test.describe('point 12: the outcome where the partner is', () => {
	const FAILED = 'The domain could not be verified. Compare what was found with what is expected.'

	// One service walked from its first Verify to live (points 12 and 16): each outcome where the partner is.
	test('a service from the first Verify to live: each outcome in its section (with JS focused), the review timing, the live warning', async ({
		page,
		partner,
		baseURL,
		mock,
	}, testInfo) => {
		const details = await postCreateWith(page.context().request, baseURL!, {
			website_url: `https://${uniqueDomain()}/`,
		})
		const id = serviceIdOf(details)
		const review = page.getByRole('region', { name: 'Review' })
		const liveWarning = page.getByText('This service is live: customers see your changes as soon as you save them.')

		await test.step('after Verify, the outcome shows in the domain section', async () => {
			await page.goto(`${details}/verifications`)
			const domain = page.getByRole('region', { name: 'Domain verification' })
			await domain.getByRole('button', { name: 'Verify' }).click()
			await expect(page).toHaveURL(/\/verifications#domain$/)
			const outcome = domain.getByRole('status').filter({ hasText: FAILED })
			await expect(outcome).toBeVisible()
			await expect(outcome).toBeInViewport()
			if (!jsDisabled(testInfo)) await expect(outcome).toBeFocused()
			await expectAccessible(page, testInfo)
		})

		await test.step('the settings of a test service carry no live warning', async () => {
			await page.goto(`${details}/manage`)
			await expect(page.getByRole('heading', { level: 1, name: `Settings: ${SERVICE.name}` })).toBeVisible()
			await expect(liveWarning).toHaveCount(0)
		})

		await test.step('after Submit, the review section says so and how long it usually takes', async () => {
			await meetChecklistThroughApi(mock, await apiAccessToken(mock, partner.email), id)
			await page.goto(`${details}/verifications`)
			await review.getByRole('link', { name: 'Submit for review' }).click()
			await expect(page.getByText(`usually within ${DAYS} of your submission`)).toBeVisible()
			await page.getByRole('button', { name: 'Submit for review' }).click()
			await expect(page).toHaveURL(/\/verifications#review$/)
			const submitted = review.getByRole('status').filter({ hasText: 'Your service was submitted for review.' })
			await expect(submitted).toHaveText(
				`Your service was submitted for review. A reviewer usually finishes within ${DAYS}; the result will show here.`,
			)
			await expect(submitted).toBeInViewport()
			if (!jsDisabled(testInfo)) await expect(submitted).toBeFocused()
			await expect(review).toContainText(`What happens next: a reviewer checks your service, usually within ${DAYS}`)
		})

		await test.step('after Cancel, the outcome shows in the review section too', async () => {
			await review.getByRole('link', { name: 'Cancel the review' }).click()
			await page.getByRole('button', { name: 'Cancel the review' }).click()
			await expect(page).toHaveURL(/\/verifications#review$/)
			const cancelled = review.getByRole('status').filter({ hasText: 'The review was cancelled.' })
			await expect(cancelled).toBeInViewport()
			if (!jsDisabled(testInfo)) await expect(cancelled).toBeFocused()
		})

		await test.step('submitted again and verified, the settings warn that customers see changes at once', async () => {
			await page.goto(`${details}/verifications/submit`)
			await page.getByRole('button', { name: 'Submit for review' }).click()
			await expect(page).toHaveURL(/#review$/)
			await mock.setReview(id, { status: 'verified' })
			await page.goto(`${details}/manage`)
			await expect(liveWarning).toBeVisible()
			await expect(
				page.getByText('Its name, description, category, logo and website show to customers straight away'),
			).toBeVisible()
			await expectAccessible(page, testInfo)
		})
	})

	test('after a client-side navigation, the new heading has focus and the title is announced', async ({
		page,
		partner: _signedIn,
	}, testInfo) => {
		await page.goto('/')
		await page.getByRole('link', { name: 'Manage your account' }).click()
		const heading = page.getByRole('heading', { level: 1, name: 'Personal details' })
		await expect(heading).toBeVisible()
		await expect(page).toHaveTitle('Personal details – Partner Portal')
		// Without JS every page is a full load, which the browser itself announces from the top.
		// What only JavaScript does (the rest of the test ran in both projects).
		if (!jsDisabled(testInfo)) {
			await expect(heading).toBeFocused()
			await expect(page.getByRole('status').filter({ hasText: 'Personal details – Partner Portal' })).toHaveCount(1)
			// Back in history too.
			await page.goBack()
			await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeFocused()
			await expect(page.getByRole('status').filter({ hasText: 'Dashboard – Partner Portal' })).toHaveCount(1)
		}
	})
})

// Point 15, a second click on an email link (a 200 "already confirmed"): tests/routes/first-week.test.ts, and the
// sign-up journey of e2e/auth-sign-up.spec.ts clicks it twice in the browser.

// Point 16's review timing and live warning: the service walked in point 12 above.
test.describe('point 16: what needs attention', () => {
	test('the dashboard names and links each service that needs attention', async ({ page, partner, baseURL, mock }) => {
		const waiting = await postCreateWith(page.context().request, baseURL!, { name: 'Ledger Sync' })
		const submitted = await postCreateWith(page.context().request, baseURL!, {
			name: 'Payroll Bridge',
			website_url: `https://${uniqueDomain()}/`,
		})
		const id = serviceIdOf(submitted)
		await meetChecklistThroughApi(mock, await apiAccessToken(mock, partner.email), id)
		await page.goto(`${submitted}/verifications/submit`)
		await page.getByRole('button', { name: 'Submit for review' }).click()
		await expect(page).toHaveURL(/#review$/)
		await page.goto('/')
		const card = page.getByRole('region', { name: 'Services' })
		await expect(card).toContainText('You have 2 services.')
		const attention = card.getByRole('list', { name: '1 needs your attention:' }).getByRole('listitem')
		await expect(attention).toHaveText(['Ledger Sync: not yet submitted for review'])
		// Every service counted is listed: the one in review too (issue 55, point 8).
		await expect(card.getByRole('list', { name: '1 in review:' }).getByRole('listitem')).toHaveText([
			'Payroll Bridge: waiting for a reviewer',
		])
		await attention.getByRole('link', { name: 'Ledger Sync' }).click()
		await expect(page).toHaveURL(new RegExp(`${waiting}/verifications#review$`))
		await expect(page.getByRole('heading', { level: 1, name: 'Verifications: Ledger Sync' })).toBeVisible()

		await mock.setReview(id, { status: 'dismissed', reason: 'The logo is blurry.' })
		await page.goto('/')
		await expect(card.getByRole('list', { name: '2 need your attention:' }).getByRole('listitem')).toHaveText([
			/^Payroll Bridge: review dismissed on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC\. Reason: “The logo is blurry\.” Fix it, then submit again\.$/,
			'Ledger Sync: not yet submitted for review',
		])
	})
})
