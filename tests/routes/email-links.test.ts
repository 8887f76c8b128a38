/**
 * What an emailed link answers (routes/tokens.tsx; moved from e2e/auth-sign-up.spec.ts, issue 53): a confirmation
 * goes home with its one-time message in the session cookie; an unknown link, or one of an unknown kind, is a 404.
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as tokens from '#app/routes/tokens'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['auth', 'common'])

let browser: RouteBrowser
beforeEach(async () => {
	browser = await RouteBrowser.create()
})

const follow = (path: string) => {
	const [, , type, token] = path.split('/')
	return browser.get([tokens], path, { type: type!, token: token! })
}

test('the confirmation link answers with a 303 to the home page, its message in the session cookie', async () => {
	const email = uniqueEmail('fallback')
	const registered = await api.send('POST', '/user-registrations', {
		body: {
			first_name: 'Ada',
			last_name: 'Lovelace',
			company_name: 'Engines Ltd',
			email,
			password: PASSWORD,
			password_confirmation: PASSWORD,
			country: 'GB',
			locale: 'en-GB',
		},
	})
	expect(registered.status).toBeLessThan(300)
	const link = (await api.lastEmail(email)).links.find((l) => l.includes('/tokens/email_verification/'))!
	const { response } = await follow(new URL(link).pathname)
	expect(response.status).toBe(303)
	expect(response.headers.get('location')).toBe('/')
	// The one-time "Email address confirmed." travels in the session cookie the redirect sets.
	expect(response.headers.getSetCookie().map((line) => line.split('=')[0])).toContain('user.flash')
})

test.each(['/tokens/email_verification/not-a-token', '/tokens/email_change/not-a-token', '/tokens/no-such-kind/abc'])(
	'%s is a 404 that says the link is not valid',
	async (path) => {
		const { response, data } = await follow(path)
		expect(response.status).toBe(404)
		expect(data).toMatchObject({
			status: 'invalid',
			title: t('common:pageTitle', { title: t('auth:verification.invalidLinkTitle') }),
		})
	},
)
