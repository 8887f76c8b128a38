import type { Page, Response, TestInfo } from '@playwright/test'
import { createFormTokens, postCreate, SERVICE, sectionLink } from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'

const NOT_SAVED = 'Something went wrong. Your changes were not saved. Please try again.'
const REFERENCE = /Reference: [0-9a-f-]{36}/
const SAVED = 'Security protections saved.'

const PROTECTIONS = {
	password: {
		key: 'password_randomised',
		title: 'Replace the password',
		explanation: 'your password for this service is replaced with a random one',
	},
	sessions: {
		key: 'sessions_revoked',
		title: 'Sign out everywhere',
		explanation: 'you are signed out of this service on every device and browser',
	},
	linked: {
		key: 'linked_account_disconnected',
		title: 'Disconnect the linked account',
		explanation: 'this service is no longer linked to your account',
	},
} as const
type Title = (typeof PROTECTIONS)[keyof typeof PROTECTIONS]['title']

/** A new service of the signed-in partner (the create form over HTTP); answers its details path and id. */
async function createService(page: Page, baseURL: string) {
	const request = page.context().request
	const details = await postCreate(request, baseURL, await createFormTokens(request))
	return { details, id: details.split('/').pop()!, protections: `${details}/protections` }
}

/** A protection's control: a checkbox of the list with JS off, a switch that saves on its own with JS on. */
const control = (page: Page, testInfo: TestInfo, name: Title) =>
	page.getByRole(jsDisabled(testInfo) ? 'checkbox' : 'switch', { name, exact: true })
const item = (page: Page, title: Title) => page.getByRole('listitem').filter({ hasText: title })
/** The saved state in words ("On", "Off"), or "Saving…" while a switch is being saved. */
const stateOf = (page: Page, title: Title) => item(page, title).getByRole('status')
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true })
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

/** The answer to a post to `path` (a document POST with JS off, a `.data` POST with JS on). */
function postTo(page: Page, path: string) {
	return page.waitForResponse(
		(response: Response) =>
			response.request().method() === 'POST' && new URL(response.url()).pathname.replace(/\.data$/, '') === path,
	)
}

/**
 * Sets the protections as the partner would: with JS off, tick the boxes and Save (back to the page with a
 * banner); with JS on, flip each switch that differs and wait for its save.
 */
async function setProtections(page: Page, testInfo: TestInfo, path: string, wanted: Partial<Record<Title, boolean>>) {
	for (const [title, on] of Object.entries(wanted) as Array<[Title, boolean]>) {
		const box = control(page, testInfo, title)
		if (jsDisabled(testInfo)) {
			await box.setChecked(on)
			continue
		}
		if ((await box.isChecked()) === on) continue
		const answer = postTo(page, path)
		await box.click()
		await expect(box).toBeChecked({ checked: on })
		expect((await answer).status()).toBe(200)
		await expect(stateOf(page, title)).toHaveText(on ? 'On' : 'Off')
	}
	if (jsDisabled(testInfo)) {
		const answer = postTo(page, path)
		await saveButton(page).click()
		expect((await answer).status()).toBe(302)
		await expect(page).toHaveURL(path)
		await expect(page.getByText(SAVED)).toBeVisible()
	}
}

async function expectProtections(page: Page, testInfo: TestInfo, states: Record<Title, boolean>) {
	for (const [title, on] of Object.entries(states) as Array<[Title, boolean]>) {
		await expect(control(page, testInfo, title)).toBeChecked({ checked: on })
		await expect(stateOf(page, title)).toHaveText(on ? 'On' : 'Off')
	}
}

test('the details page leads to the protections; toggles persist; an API failure keeps the ticked boxes (JS off) or rolls the switch back (JS on)', async ({
	page,
	partner: _signedIn,
	mock,
	baseURL,
}, testInfo) => {
	// Two journeys on one service, with an axe scan at each step.
	test.setTimeout(60_000)
	const service = await createService(page, baseURL!)
	await test.step('the details page leads to the protections; toggles persist after a reload and on the details page', async () => {
		await page.goto(service.details)
		await expect(sectionLink(page, 'Security protections')).toHaveAccessibleDescription('No protection enabled.')
		await sectionLink(page, 'Security protections').click()

		await expect(page).toHaveURL(service.protections)
		await expect(page.getByRole('heading', { level: 1, name: `Security protections: ${SERVICE.name}` })).toBeVisible()
		await expect(page).toHaveTitle(`Security protections: ${SERVICE.name} – Partner Portal`)
		const group = page.getByRole('group', { name: `Protections ${SERVICE.name} applies` })
		await expect(group).toBeVisible()
		await expect(group.getByRole('listitem')).toHaveCount(3)
		for (const { title, explanation } of Object.values(PROTECTIONS)) {
			const protection = item(page, title)
			// Each one: the event that triggers it and what end users will see, also as the control's description.
			await expect(protection).toContainText(
				'The emergency button: the end user’s password is changed to a random string.',
			)
			await expect(protection.locator('code')).toHaveText('password_changed_to_random_string')
			await expect(protection).toContainText(explanation)
			await expect(control(page, testInfo, title)).toHaveAccessibleDescription(new RegExp(explanation))
		}
		// One Save button without JS; with JS every switch saves on its own.
		await expect(saveButton(page)).toHaveCount(jsDisabled(testInfo) ? 1 : 0)
		await expectProtections(page, testInfo, {
			'Replace the password': false,
			'Sign out everywhere': false,
			'Disconnect the linked account': false,
		})
		await expectAccessible(page, testInfo)

		await setProtections(page, testInfo, service.protections, {
			'Replace the password': true,
			'Sign out everywhere': true,
		})
		await page.reload()
		await expectProtections(page, testInfo, {
			'Replace the password': true,
			'Sign out everywhere': true,
			'Disconnect the linked account': false,
		})
		await expectAccessible(page, testInfo)

		await page.getByRole('link', { name: `Back to ${SERVICE.name}` }).click()
		await expect(page).toHaveURL(service.details)
		await expect(sectionLink(page, 'Security protections')).toHaveAccessibleDescription('2 protections enabled.')
		await sectionLink(page, 'Security protections').click()
		await expect(page).toHaveURL(service.protections)

		await setProtections(page, testInfo, service.protections, {
			'Replace the password': false,
			'Disconnect the linked account': true,
		})
		await page.reload()
		await expectProtections(page, testInfo, {
			'Replace the password': false,
			'Sign out everywhere': true,
			'Disconnect the linked account': true,
		})
		await page.goto(service.details)
		await expect(sectionLink(page, 'Security protections')).toHaveAccessibleDescription('2 protections enabled.')
		await expect(sectionLink(page, 'Security protections')).toHaveAttribute('href', service.protections)

		await page.goto(service.protections)
		await setProtections(page, testInfo, service.protections, {
			'Sign out everywhere': false,
			'Disconnect the linked account': false,
		})
		await page.goto(service.details)
		await expect(sectionLink(page, 'Security protections')).toHaveAccessibleDescription('No protection enabled.')
	})

	// All off again, as a new service's.
	await test.step('an API failure keeps the ticked boxes with "not saved" (JS off) or rolls the switch back with a message (JS on)', async () => {
		await page.goto(service.protections)
		const sessions = control(page, testInfo, 'Sign out everywhere')

		if (jsDisabled(testInfo)) {
			await mock.fault({ method: 'PUT', path: `/services/${service.id}/security-protections`, status: 500 })
			await sessions.check()
			await control(page, testInfo, 'Replace the password').check()
			const answer = postTo(page, service.protections)
			await saveButton(page).click()
			expect((await answer).status()).toBe(503)
			await expect(summary(page)).toContainText(NOT_SAVED)
			await expect(summary(page)).toContainText(REFERENCE)
			// The boxes as ticked; the saved state unchanged.
			await expect(sessions).toBeChecked()
			await expect(control(page, testInfo, 'Replace the password')).toBeChecked()
			await expect(control(page, testInfo, 'Disconnect the linked account')).not.toBeChecked()
			await expect(stateOf(page, 'Sign out everywhere')).toHaveText('Off')
			await expect(page.getByText(SAVED)).toHaveCount(0)
			await expectAccessible(page, testInfo)

			// The API is back: the same list goes through.
			await saveButton(page).click()
			await expect(page.getByText(SAVED)).toBeVisible()
			await expect(summary(page)).toHaveCount(0)
		} else {
			// Slow, then failing: the switch shows the new state at once, says it is saving, then rolls back.
			await mock.fault({
				method: 'PUT',
				path: `/services/${service.id}/security-protections/${PROTECTIONS.sessions.key}`,
				status: 500,
				delay_ms: 1_500,
			})
			const answer = postTo(page, service.protections)
			await sessions.click()
			await expect(sessions).toBeChecked()
			await expect(sessions).toHaveAttribute('aria-disabled', 'true')
			await expect(stateOf(page, 'Sign out everywhere')).toHaveText('Saving…')
			expect((await answer).status()).toBe(503)

			await expect(sessions).not.toBeChecked()
			await expect(sessions).not.toHaveAttribute('aria-disabled', 'true')
			await expect(stateOf(page, 'Sign out everywhere')).toHaveText('Off')
			const message = item(page, 'Sign out everywhere').getByRole('alert')
			await expect(message).toContainText('“Sign out everywhere” was not turned on.')
			await expect(message).toContainText(NOT_SAVED)
			await expect(message).toContainText(REFERENCE)
			await expect(sessions).toHaveAccessibleDescription(/was not turned on/)
			// The others are untouched.
			await expect(control(page, testInfo, 'Replace the password')).not.toBeChecked()
			await expectAccessible(page, testInfo)

			// The API is back: the same switch goes through and the message goes.
			await setProtections(page, testInfo, service.protections, { 'Sign out everywhere': true })
			await expect(message).toHaveCount(0)
		}
		await page.reload()
		await expectProtections(page, testInfo, {
			'Replace the password': jsDisabled(testInfo),
			'Sign out everywhere': true,
			'Disconnect the linked account': false,
		})
	})
})

// A made-up protection or value on one's own service (a 400, nothing enabled): tests/routes/services.test.ts.
