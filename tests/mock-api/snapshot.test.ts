import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { client, PASSWORD, startTestApi, uniqueEmail } from './helpers'
import { parseSnapshot, SnapshotError } from './snapshot'
import { DATA_VERSION, emptyData } from './store'

/** A snapshot as JSON text, written the way the mock writes one. */
const snapshotText = (data: Record<string, unknown>) => JSON.stringify(data)

describe('parseSnapshot', () => {
	test('a current snapshot loads unchanged', () => {
		const data = { ...emptyData(), clock_offset_ms: 5_000 }
		expect(parseSnapshot(snapshotText(data))).toEqual({ data, dropped: [] })
	})

	test('an old snapshot without a collection starts that collection empty', () => {
		const { contact_messages: _missing, ...old } = emptyData()
		const { data, dropped } = parseSnapshot(snapshotText(old))
		expect(data.contact_messages).toEqual([])
		expect(dropped).toEqual([])
	})

	test('a collection this mock does not know is dropped and named', () => {
		const { data, dropped } = parseSnapshot(snapshotText({ ...emptyData(), from_a_newer_mock: [{ id: 'a' }] }))
		expect(dropped).toEqual(['from_a_newer_mock'])
		expect(data).not.toHaveProperty('from_a_newer_mock')
		expect(data).toEqual(emptyData())
	})

	test('a snapshot of a future version is refused, saying so', () => {
		expect(() => parseSnapshot(snapshotText({ ...emptyData(), version: DATA_VERSION + 1 }))).toThrow(
			new SnapshotError(
				`version ${DATA_VERSION + 1} is newer than this mock's ${DATA_VERSION}; delete the file or update`,
			),
		)
	})

	test.each([
		['not JSON', '{"version": 1,', /^not JSON/],
		['not an object', '[1, 2]', /^not a JSON object$/],
		['no version', '{"users": []}', /^no "version"/],
		['a bad clock', '{"version": 1, "clock_offset_ms": "soon"}', /clock_offset_ms/],
		['a list that is not one', '{"version": 1, "users": {}}', /^"users" is not a list of records$/],
		['a table that is not one', '{"version": 1, "tokens": [1]}', /^"tokens" is not a table of records$/],
	])('%s is refused with a clear message, never a crash', (_name, text, message) => {
		expect(() => parseSnapshot(text)).toThrow(SnapshotError)
		expect(() => parseSnapshot(text)).toThrow(message)
	})

	test('a version-1 snapshot is migrated: domain status pending → unverified, the catalogue keys', () => {
		const service = {
			id: 's1',
			domain_verification: { token: 'abc', status: 'pending', verified_at: null },
			security_protections: [
				{ key: 'account_takeover', enabled: false },
				{ key: 'session_hijacking', enabled: false },
			],
		}
		const verified = { id: 's2', domain_verification: { token: 'def', status: 'verified', verified_at: 5 } }
		const { data } = parseSnapshot(snapshotText({ version: 1, services: [service, verified] }))
		expect(data.version).toBe(DATA_VERSION)
		expect(data.services[0]).toMatchObject({
			domain_verification: { token: 'abc', status: 'unverified', verified_at: null, last_check: null },
			security_protections: [
				{ key: 'password_randomised', enabled: false },
				{ key: 'sessions_revoked', enabled: false },
				{ key: 'linked_account_disconnected', enabled: false },
			],
		})
		expect(data.services[1]!.domain_verification).toEqual({
			token: 'def',
			status: 'verified',
			verified_at: 5,
			last_check: null,
		})
	})

	test('keys named like Object members are unknown collections, not crashes', () => {
		const { data, dropped } = parseSnapshot('{"version": 1, "__proto__": {"users": 1}, "toString": []}')
		expect(dropped).toEqual(['__proto__', 'toString'])
		expect(data).toEqual(emptyData())
	})
})

describe('startMockApi with a snapshot', () => {
	const withFile = async (content: string, run: (file: string) => Promise<void>) => {
		const dir = await mkdtemp(path.join(tmpdir(), 'mock-api-'))
		const file = path.join(dir, 'state.json')
		await writeFile(file, content)
		try {
			await run(file)
		} finally {
			await rm(dir, { recursive: true, force: true })
		}
	}

	test('an old snapshot loads: its users sign in, the missing collection works; an unknown one is logged once', async () => {
		const first = await startTestApi()
		const email = uniqueEmail()
		await client(() => first).createUser({ email })
		const { contact_messages: _missing, ...old } = first.state.data
		await first.close()
		await withFile(snapshotText({ ...old, from_a_newer_mock: [] }), async (file) => {
			const lines: string[] = []
			const api = await startTestApi({ snapshot: file, log: (line) => lines.push(line) })
			const c = client(() => api)
			try {
				expect(lines).toEqual([`mock-api: ${file}: dropped unknown collections from_a_newer_mock`])
				const { access } = await c.signIn(email, PASSWORD)
				const sent = await c.call('createContactMessage', { bearer: access, body: { subject: 'Hi', message: 'Hello' } })
				expect(sent.status).toBe(202)
			} finally {
				await api.close()
			}
		})
	})

	test('a malformed snapshot is refused before listening, naming the file', async () => {
		await withFile('{"version": 1, "users": "everyone"}', async (file) => {
			await expect(startTestApi({ snapshot: file })).rejects.toThrow(
				new SnapshotError(`${file}: "users" is not a list of records`),
			)
		})
	})
})
