/** Sessions (decision 0040): listed with where they are, ended one by one or all but this one, announced by email. */
import { expect, test } from 'vitest'
import { clientOriginHeaders, partnerEmails, sessionList } from '../../app/api/contract/index'
import { MOCK_CLIENT_CREDENTIAL } from './client-credential'
import { PASSWORD, uniqueEmail, useTestApi } from './helpers'

const c = useTestApi()

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const SAFARI =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'

/** What the portal forwards for a browser: its address, User-Agent and device id, with the portal's credential. */
const browser = (userAgent: string, device: string, ip = '203.0.113.5') => ({
	[clientOriginHeaders.credential]: MOCK_CLIENT_CREDENTIAL,
	[clientOriginHeaders.ip]: ip,
	[clientOriginHeaders.userAgent]: userAgent,
	[clientOriginHeaders.device]: device,
})
const laptop = browser(FIREFOX, 'device-laptop')
const phone = browser(SAFARI, 'device-phone', '198.51.100.7')

async function partner() {
	const email = uniqueEmail()
	await c.createUser({ email })
	return email
}

/** The list as the portal asks for it from the laptop (a request moves a session's address). */
const sessions = async (bearer: string, headers = laptop) => {
	const res = await c.call('listSessions', { bearer, headers })
	expect(res.status).toBe(200)
	return sessionList.parse(res.body).data
}

const subjects = async (email: string) => (await c.emails(email)).map((mail) => mail.subject)

test('each complete sign-in is a session: where from, when, this one marked, most recently active first', async () => {
	const email = await partner()
	const first = await c.signIn(email, PASSWORD, laptop)
	await c.advance(120)
	const second = await c.signIn(email, PASSWORD, phone)
	const list = await sessions(second.access, phone)
	expect(list).toHaveLength(2)
	expect(list[0]).toMatchObject({ ip: '198.51.100.7', user_agent: SAFARI, current: true })
	expect(list[1]).toMatchObject({ ip: '203.0.113.5', user_agent: FIREFOX, current: false })
	// A request moves a session's last activity and address.
	await c.advance(120)
	const after = await sessions(first.access, browser(FIREFOX, 'device-laptop', '203.0.113.99'))
	expect(after.map((session) => [session.ip, session.current])).toEqual([
		['203.0.113.99', true],
		['198.51.100.7', false],
	])
	expect(Date.parse(after[0]!.last_active_at)).toBeGreaterThan(Date.parse(after[0]!.signed_in_at))
})

test('a refreshed session stays one session', async () => {
	const email = await partner()
	const { access, refresh } = await c.signIn(email, PASSWORD, laptop)
	const refreshed = await c.call('createAuthenticationToken', {
		params: { id: await c.typeId('refresh') },
		body: { token: refresh },
	})
	expect(refreshed.status).toBe(201)
	const list = await sessions(refreshed.body.data[0].token_raw)
	expect(list).toHaveLength(1)
	expect(list[0]!.current).toBe(true)
	expect((await sessions(access))[0]!.id).toBe(list[0]!.id)
})

test('ending a session: its tokens stop at once (refresh refused), an email says which; 404 for an unknown one', async () => {
	const email = await partner()
	const mine = await c.signIn(email, PASSWORD, laptop)
	const other = await c.signIn(email, PASSWORD, phone)
	const id = (await sessions(mine.access)).find((session) => !session.current)!.id
	expect((await c.call('deleteSession', { params: { id }, bearer: mine.access })).status).toBe(204)
	expect((await c.call('getCurrentUser', { bearer: other.access })).status).toBe(401)
	const refresh = await c.call('createAuthenticationToken', {
		params: { id: await c.typeId('refresh') },
		body: { token: other.refresh },
	})
	expect(refresh.status).toBe(401)
	const mail = await c.lastEmail(email)
	expect(mail?.subject).toBe(partnerEmails.session_ended.subject)
	expect(mail?.text).toContain('Safari on iOS (198.51.100.7)')
	expect(mail?.text).toContain('/me/manage/security/sessions')
	expect((await c.call('deleteSession', { params: { id }, bearer: mine.access })).status).toBe(404)
	expect((await sessions(mine.access)).map((session) => session.current)).toEqual([true])
})

test("another account's session is 404 and stays live", async () => {
	const alice = await c.signIn(await partner(), PASSWORD, laptop)
	const bob = await c.signIn(await partner(), PASSWORD, phone)
	const bobs = (await sessions(bob.access))[0]!.id
	expect((await c.call('deleteSession', { params: { id: bobs }, bearer: alice.access })).status).toBe(404)
	expect((await c.call('getCurrentUser', { bearer: bob.access })).status).toBe(200)
})

test('ending every other session keeps this one and says how many; none left is 0 and no email', async () => {
	const email = await partner()
	const others = [await c.signIn(email, PASSWORD, laptop), await c.signIn(email, PASSWORD, phone)]
	const mine = await c.signIn(email, PASSWORD, laptop)
	const ended = await c.call('endOtherSessions', { bearer: mine.access })
	expect(ended.body).toEqual({ data: { ended: 2 } })
	for (const other of others) expect((await c.call('getCurrentUser', { bearer: other.access })).status).toBe(401)
	expect((await c.lastEmail(email))?.text).toContain('2 sessions were signed out')
	const count = (await c.emails(email)).length
	expect((await c.call('endOtherSessions', { bearer: mine.access })).body).toEqual({ data: { ended: 0 } })
	expect(await c.emails(email)).toHaveLength(count)
})

test('a sign-in from a browser the account has not used emails when, browser, address; a known one does not', async () => {
	const email = await partner()
	await c.signIn(email, PASSWORD, laptop)
	expect(await subjects(email)).not.toContain(partnerEmails.new_sign_in.subject)
	await c.signIn(email, PASSWORD, laptop)
	expect(await subjects(email)).not.toContain(partnerEmails.new_sign_in.subject)
	const { stamp } = await c.clockDuring(() => c.signIn(email, PASSWORD, phone))
	const mail = await c.lastEmail(email)
	expect(mail?.subject).toBe(partnerEmails.new_sign_in.subject)
	expect(mail?.text).toMatch(stamp)
	expect(mail?.text).toContain('Browser: Safari on iOS')
	expect(mail?.text).toContain('Address: 198.51.100.7')
	expect(mail?.text).toContain('/me/manage/security/sessions')
	// The device id tells browsers apart, not the User-Agent: an updated browser is the same one.
	const before = (await c.emails(email)).length
	await c.signIn(email, PASSWORD, browser(`${FIREFOX} Extra/1`, 'device-laptop'))
	expect(await c.emails(email)).toHaveLength(before)
})

test('a device id from a caller without the portal credential is ignored', async () => {
	const email = await partner()
	await c.signIn(email, PASSWORD, laptop)
	const { [clientOriginHeaders.credential]: _, ...forged } = browser(FIREFOX, 'device-laptop')
	await c.signIn(email, PASSWORD, { ...forged, 'user-agent': 'curl/8.5.0' })
	expect((await c.lastEmail(email))?.subject).toBe(partnerEmails.new_sign_in.subject)
})

test('a sign-in waiting for its second step is no session; turning a method off ends every other session', async () => {
	const email = await partner()
	const other = await c.signIn(email, PASSWORD, phone)
	const mine = await c.signIn(email, PASSWORD, laptop)
	const id = await c.typeId('email')
	await c.call('createTwoStepSecret', { params: { id }, bearer: mine.access })
	const code = (await c.lastEmail(email))!.text.match(/\d{6}/)![0]
	expect((await c.call('activateTwoStep', { params: { id }, body: { code }, bearer: mine.access })).status).toBe(200)
	expect((await c.call('getCurrentUser', { bearer: other.access })).status).toBe(200)
	expect((await c.signInRaw(email, PASSWORD, phone)).body.meta.restricted).toBe(true)
	expect(await sessions(mine.access)).toHaveLength(2)
	const off = await c.call('deactivateTwoStep', { params: { id }, body: { password: PASSWORD }, bearer: mine.access })
	expect(off.status).toBe(200)
	expect((await c.call('getCurrentUser', { bearer: other.access })).status).toBe(401)
	expect((await sessions(mine.access)).map((session) => session.current)).toEqual([true])
})
