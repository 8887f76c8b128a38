/** Passkeys (decision 0041) against real WebAuthn data: added with a confirmed identity, a second factor at sign-in. */
import { expect, test } from 'vitest'
import {
	partnerEmails,
	passkeyCreationOptionsResponse,
	passkeyRequestOptionsResponse,
	tokenPairResponse,
} from '../../app/api/contract/index'
import { PASSWORD, PORTAL_URL, uniqueEmail, useTestApi } from './helpers'
import { SoftwarePasskey } from './webauthn-authenticator'

const c = useTestApi()

/** A partner with email codes on, signed in, identity confirmed. */
async function partnerWithTwoStep() {
	const email = uniqueEmail()
	await c.createUser({ email })
	const { access } = await c.signIn(email)
	const id = await c.typeId('email')
	await c.call('createTwoStepSecret', { params: { id }, bearer: access })
	const code = (await c.lastEmail(email))!.text.match(/\d{6}/)![0]
	expect((await c.call('activateTwoStep', { params: { id }, body: { code }, bearer: access })).status).toBe(200)
	await c.confirmIdentity(access)
	return { email, access }
}

async function addPasskey(access: string, passkey = new SoftwarePasskey(), origin = PORTAL_URL) {
	const options = await c.call('createPasskeyRegistrationOptions', { bearer: access })
	expect(options.status).toBe(200)
	const { data } = passkeyCreationOptionsResponse.parse(options.body)
	expect(data.rp.id).toBe('portal.test')
	const credential = passkey.create(data, origin)
	return c.call('createPasskey', { bearer: access, body: { name: 'Work laptop', credential } })
}

/** The password step, then the passkey's options: the restricted token and what the browser is asked. */
async function passkeyPrompt(email: string) {
	const step = tokenPairResponse.parse((await c.signInRaw(email, PASSWORD)).body)
	const restricted = step.data[0]!.token_raw
	const options = await c.call('createPasskeySignInOptions', { bearer: restricted })
	return {
		restricted,
		meta: step.meta,
		options: options.status === 200 ? passkeyRequestOptionsResponse.parse(options.body).data : null,
	}
}

const signInWith = async (bearer: string, credential: unknown) =>
	c.call('createAuthenticationToken', { params: { id: await c.typeId('passkey') }, body: { credential }, bearer })

test('a passkey needs another method on and a confirmed identity', async () => {
	const email = uniqueEmail()
	await c.createUser({ email })
	const { access } = await c.signIn(email)
	expect((await c.call('createPasskeyRegistrationOptions', { bearer: access })).status).toBe(403)
	await c.confirmIdentity(access)
	const off = await c.call('createPasskeyRegistrationOptions', { bearer: access })
	expect(off.status).toBe(422)
	expect(off.body.code).toBe('two_step_inactive')
})

test('added from real WebAuthn data, it signs in at the second step, once per challenge', async () => {
	const { email, access } = await partnerWithTwoStep()
	const passkey = new SoftwarePasskey()
	const added = await addPasskey(access, passkey)
	expect(added.status).toBe(201)
	expect(added.body.data).toMatchObject({ name: 'Work laptop', last_used_at: null })
	expect((await c.lastEmail(email))?.subject).toBe(partnerEmails.passkey_added.subject)
	expect((await c.call('listPasskeys', { bearer: access })).body.data).toHaveLength(1)

	const { restricted, meta, options } = await passkeyPrompt(email)
	expect(meta).toMatchObject({ restricted: true, passkeys: 1 })
	expect(options?.allowCredentials?.map((credential) => credential.id)).toEqual([
		passkey.credentialId.toString('base64url'),
	])
	const assertion = passkey.get(options!, PORTAL_URL)
	const signedIn = await signInWith(restricted, assertion)
	expect(signedIn.status).toBe(201)
	const full = tokenPairResponse.parse(signedIn.body)
	expect(full.meta.restricted).toBe(false)
	expect((await c.call('listPasskeys', { bearer: full.data[0]!.token_raw })).body.data[0].last_used_at).not.toBeNull()

	// The same assertion again (a replay), with a new restricted sign-in: its challenge was another.
	const again = await passkeyPrompt(email)
	const replay = await signInWith(again.restricted, assertion)
	expect(replay.status).toBe(422)
	expect(replay.body).toMatchObject({ code: 'invalid_code', errors: { credential: expect.any(Array) } })
})

test('a credential made or used on another origin or for another relying party is refused and counted', async () => {
	const { email, access } = await partnerWithTwoStep()
	const phished = await addPasskey(access, new SoftwarePasskey(), 'https://portal.test.evil.example')
	expect(phished.status).toBe(422)
	expect(phished.body.code).toBe('passkey_invalid')
	const passkey = new SoftwarePasskey()
	expect((await addPasskey(access, passkey)).status).toBe(201)

	const first = await passkeyPrompt(email)
	const wrongOrigin = await signInWith(
		first.restricted,
		passkey.get(first.options!, 'https://portal.test.evil.example'),
	)
	expect(wrongOrigin.status).toBe(422)
	expect(wrongOrigin.body.notices).toEqual([])
	const second = await passkeyPrompt(email)
	const wrongRp = await signInWith(second.restricted, passkey.get(second.options!, PORTAL_URL, 'evil.example'))
	expect(wrongRp.status).toBe(422)
	// Counted as wrong codes: the lockout's warning comes as it does for codes.
	const third = await passkeyPrompt(email)
	const another = await signInWith(third.restricted, new SoftwarePasskey().get(third.options!, PORTAL_URL))
	expect(another.status).toBe(422)
	expect(another.body.notices.length).toBeGreaterThan(0)
})

test("removing needs a confirmed identity and emails; another account's is 404; the last method off removes all", async () => {
	const { email, access } = await partnerWithTwoStep()
	const id = (await addPasskey(access)).body.data.id as string
	const stranger = await partnerWithTwoStep()
	expect((await c.call('deletePasskey', { params: { id }, bearer: stranger.access })).status).toBe(404)
	expect((await c.call('deletePasskey', { params: { id }, bearer: access })).status).toBe(204)
	expect((await c.lastEmail(email))?.subject).toBe(partnerEmails.passkey_removed.subject)
	expect((await passkeyPrompt(email)).options).toBeNull()

	expect((await addPasskey(access)).status).toBe(201)
	const emailType = await c.typeId('email')
	const off = await c.call('deactivateTwoStep', {
		params: { id: emailType },
		body: { password: PASSWORD },
		bearer: access,
	})
	expect(off.status).toBe(200)
	expect((await c.call('listPasskeys', { bearer: access })).body.data).toEqual([])
	expect((await c.lastEmail(email))?.text).toContain('Every passkey was removed')
})
