/**
 * Every action validates its input on the server: hand-made junk gets a 4xx (or a redirect), never a 5xx; bodies
 * that cannot be read as a form are refused before any route runs (moved from e2e/bad-input.spec.ts, issue 53).
 * A post to an address no route has (React Router's 405) stays in e2e.
 */
import { beforeEach, describe, expect, test } from 'vitest'
import { uniqueEmail } from '#tests/mock-api/helpers'
import { JUNK_FORM } from '#tests/setup/junk-form'
import { RouteBrowser, useRouteTestApi, type RouteModule } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as accountLayout from '#app/routes/account/layout'
import * as email from '#app/routes/account/email'
import * as password from '#app/routes/account/password'
import * as personalDetails from '#app/routes/account/personal-details'
import * as twoStepSettings from '#app/routes/account/two-step'
import * as twoStepEmail from '#app/routes/account/two-step-email'
import * as twoStepTotp from '#app/routes/account/two-step-totp'
import * as resetPassword from '#app/routes/auth/reset-password'
import * as resetPasswordToken from '#app/routes/auth/reset-password-token'
import * as signIn from '#app/routes/auth/sign-in'
import * as signUp from '#app/routes/auth/sign-up'
import * as twoStep from '#app/routes/auth/two-step'
import * as verificationResend from '#app/routes/auth/verification-resend'
import * as contact from '#app/routes/contact'

const api = useRouteTestApi()

type Target = { path: string; modules: RouteModule[]; params?: Record<string, string> }
const ACCOUNT = [appLayout, accountLayout]
const GUEST_ACTIONS: Target[] = [
	{ path: '/auth/sign-in', modules: [guestLayout, signIn] },
	{ path: '/auth/sign-up', modules: [guestLayout, signUp] },
	{ path: '/auth/sign-in/two-step', modules: [guestLayout, twoStep] },
	{ path: '/auth/reset-password', modules: [guestLayout, resetPassword] },
	{
		path: '/auth/reset-password/token/not-a-token',
		modules: [guestLayout, resetPasswordToken],
		params: { token: 'not-a-token' },
	},
]
const ACTIONS: Target[] = [
	...GUEST_ACTIONS,
	{ path: '/contact', modules: [contact] },
	{ path: '/me/manage/general/personal-details', modules: [...ACCOUNT, personalDetails] },
	{ path: '/me/manage/security/email', modules: [...ACCOUNT, email] },
	{ path: '/me/manage/security/password', modules: [...ACCOUNT, password] },
	{ path: '/me/manage/security/multi-factor-authentication', modules: [...ACCOUNT, twoStepSettings] },
	{ path: '/me/manage/security/multi-factor-authentication/totp', modules: [...ACCOUNT, twoStepTotp] },
	{ path: '/me/manage/security/multi-factor-authentication/email', modules: [...ACCOUNT, twoStepEmail] },
	{ path: '/auth/verification/resend', modules: [appLayout, verificationResend] },
]

let browser: RouteBrowser
beforeEach(async () => {
	browser = await RouteBrowser.create()
})

async function signedIn() {
	const address = uniqueEmail()
	await api.createUser({ email: address })
	await browser.signIn(await api.signIn(address))
}

/** Junk is refused: a 4xx or a redirect, neither a 5xx nor a page that took it. */
function expectRefused(status: number, path: string) {
	expect(status, `${path} → ${status}`).toBeLessThan(500)
	expect(status, path).not.toBe(200)
}

describe('junk posted to an action is refused with a 4xx, never a 5xx', () => {
	test.each(ACTIONS.map((target) => [target.path, target] as const))('signed in: %s', async (path, target) => {
		await signedIn()
		const { response, error } = await browser.post(target.modules, path, JUNK_FORM, target.params)
		expect(error).toBeUndefined()
		expectRefused(response.status, path)
	})

	test.each(GUEST_ACTIONS.map((target) => [target.path, target] as const))(
		'signed out, the guest-only action runs for real: %s',
		async (path, target) => {
			const { response, error } = await browser.post(target.modules, path, JUNK_FORM, target.params)
			expect(error).toBeUndefined()
			expectRefused(response.status, path)
		},
	)
})

type Malformed = { name: string; contentType?: string; body: (token: string) => string; status: number[] }
const MALFORMED: Malformed[] = [
	{ name: 'empty form', contentType: 'application/x-www-form-urlencoded', body: () => '', status: [403] },
	{
		name: 'JSON',
		contentType: 'application/json',
		body: (csrf) => JSON.stringify({ csrf }),
		status: [415],
	},
	{ name: 'text/plain', contentType: 'text/plain', body: (token) => `csrf=${token}`, status: [415] },
	{ name: 'no content type', body: (token) => `csrf=${token}`, status: [415] },
	{
		name: '1 MB field',
		contentType: 'application/x-www-form-urlencoded',
		body: (token) => `csrf=${token}&subject=${'x'.repeat(1024 * 1024)}`,
		status: [413],
	},
	{
		name: 'broken multipart',
		contentType: 'multipart/form-data; boundary=XyZ',
		body: () => '--XyZ\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nunterminated',
		status: [400],
	},
	{
		name: 'multipart without boundary',
		contentType: 'multipart/form-data',
		body: (token) => `csrf=${token}`,
		status: [400],
	},
	{
		name: 'bad percent-encoding',
		contentType: 'application/x-www-form-urlencoded',
		body: (token) => `csrf=${token}&email=%E0%A4%A&subject=%ZZ&intent=%`,
		status: [302, 303, 400, 403, 405, 415, 422, 429],
	},
	{
		name: 'repeated fields',
		contentType: 'application/x-www-form-urlencoded',
		body: (token) =>
			`csrf=${token}&csrf=other&email=a@b.example&email=c@d.example&intent=send&intent=verify&code=1&code=2`,
		status: [302, 303, 400, 403, 405, 422, 429],
	},
]

test.each(MALFORMED.map((body) => [body.name, body] as const))(
	'a body that cannot be read as a form (%s) is refused before any route runs, at every action',
	async (_name, malformed) => {
		await signedIn()
		for (const target of ACTIONS) {
			const token = encodeURIComponent(browser.csrfToken)
			const { response, error } = await browser.postRaw(
				target.modules,
				target.path,
				{ body: malformed.body(token), contentType: malformed.contentType },
				target.params,
			)
			expect(error, target.path).toBeUndefined()
			expect(malformed.status, `${malformed.name} to ${target.path} → ${response.status}`).toContain(response.status)
		}
	},
)
