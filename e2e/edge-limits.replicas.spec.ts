import { test as base, expect, type APIRequestContext, type APIResponse } from '@playwright/test'
import { mkdir } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { startMockApi } from '#tests/mock-api/server'
import { freePort } from '#tests/setup/processes'
import { startReplicaStack, type ReplicaStack } from '#tests/setup/replicas'

/**
 * The edge's limit on anonymous form posts (deploy/nginx/portal.conf.template, production values) against every
 * spelling React Router routes to those forms, and the edge's access log (issue 40). Its own nginx with one portal
 * process behind it: using up 127.0.0.1's posts here leaves replicas.spec.ts's nginx and its counters alone.
 */
const test = base.extend<object, { edge: ReplicaStack }>({
	edge: [
		async ({}, use, workerInfo) => {
			const port = await freePort()
			const mockApi = await startMockApi({
				host: '127.0.0.1',
				port: 0,
				portalUrl: `http://127.0.0.1:${port}`,
				quiet: true,
				scryptCost: 1024,
			})
			// In test-results, so it can be read after a run.
			await mkdir(workerInfo.project.outputDir, { recursive: true })
			const stack = await startReplicaStack({
				count: 1,
				port,
				accessLog: path.join(workerInfo.project.outputDir, `edge-limits-access-${workerInfo.workerIndex}.log`),
				env: () => ({
					API_BASE_URL: mockApi.url,
					UPLOAD_TMP_URL: `${mockApi.url}/uploads/tmp`,
					SERVICE_LOGO_URL: `${mockApi.url}/uploads/service-logos`,
					LOG_LEVEL: 'silent',
				}),
			})
			await use(stack)
			await stack.close()
			await mockApi.close()
		},
		{ scope: 'worker', timeout: 60_000 },
	],
	baseURL: async ({ edge }, use) => use(edge.url),
})

const FORM = { email: 'a@b.example', password: 'not-the-password' }

/** A form request as a script sends it: no CSRF token, so any that reaches the portal is refused there (403). */
function send(request: APIRequestContext, method: string, url: string) {
	return request.fetch(url, { method, form: FORM, maxRedirects: 0 })
}

/** Posts to the sign-in form until the edge refuses one; how many reached the portal before that. */
async function useUpAnonymousPosts(request: APIRequestContext) {
	for (let passed = 0; passed <= 21; passed++) {
		const response = await send(request, 'POST', '/auth/sign-in')
		if (response.status() === 429) return passed
		expect(response.status(), 'a post the edge let through').toBe(403)
	}
	throw new Error('the edge let more than 21 posts through at once')
}

const EDGE_REFUSAL = 'Too many attempts from your network. Wait a minute, then try again.\n'

/** What answered: the edge's own refusal, or the status of whatever else did (the portal). */
async function answerOf(response: APIResponse) {
	const fromTheEdge = (await response.text()) === EDGE_REFUSAL && response.headers()['retry-after'] === '60'
	return fromTheEdge && response.status() === 429 ? 'refused at the edge' : `${response.status()} from the portal`
}

/** Every spelling of an anonymous form that React Router hands to its action (app/routes.ts). */
const SPELLINGS: ReadonlyArray<readonly [method: string, path: string]> = [
	['POST', '/Auth/Sign-In'],
	['POST', '/AUTH/SIGN-IN.data'],
	['POST', '/auth/sign-in/'],
	['POST', '/auth/sign-in/_.data'],
	['POST', '/auth/sign-in?index'],
	['POST', '/auth/%73ign-in'],
	['POST', '//auth//sign-in'],
	['PUT', '/auth/sign-in'],
	['PATCH', '/auth/sign-in'],
	['DELETE', '/auth/sign-in'],
	['POST', '/auth/sign-in/two-step'],
	['POST', '/Auth/Sign-In/Two-Step.data'],
	['POST', '/auth/sign-up'],
	['PUT', '/Auth/Sign-Up/'],
	['POST', '/auth/reset-password'],
	['POST', '/auth/reset-password.data'],
	['POST', '/auth/reset-password/token/abc'],
	['DELETE', '/AUTH/RESET-PASSWORD/TOKEN/abc.data'],
	['POST', '/contact'],
	['POST', '/Contact'],
	['POST', '/contact/'],
	['PUT', '/contact'],
	['POST', '/contact.data'],
]

test('once a client has used up its anonymous form posts, every spelling of every anonymous form is refused at the edge; pages still load', async ({
	request,
	edge,
}) => {
	// The production limit: the first post and a burst of 20 reach the portal, the next does not.
	expect(await useUpAnonymousPosts(request)).toBe(21)
	const answers: string[] = []
	for (const [method, spelling] of SPELLINGS) {
		// Used up again right before: the edge lets one more through for every six seconds that have passed.
		await useUpAnonymousPosts(request)
		// An absolute address, so `//auth//sign-in` is a path and not a host.
		answers.push(`${method} ${spelling}: ${await answerOf(await send(request, method, `${edge.url}${spelling}`))}`)
	}
	expect(answers).toEqual(SPELLINGS.map(([method, spelling]) => `${method} ${spelling}: refused at the edge`))
	// Reading pages is not limited.
	expect((await request.get('/auth/sign-in')).status()).toBe(200)
	expect((await request.get('/Contact')).status()).toBe(200)
	expect((await request.head('/auth/sign-up')).status()).toBe(200)
})

/** The status of a request sent byte for byte as given (an HTTP client would turn `\` into `/` first). */
function rawStatus(url: string, method: string, target: string) {
	const { hostname, port } = new URL(url)
	return new Promise<number>((resolve, reject) => {
		const socket = net.connect(Number(port), hostname, () =>
			socket.write(
				`${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
					'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
			),
		)
		let answer = ''
		socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
		socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1] ?? 0)))
		socket.on('error', reject)
	})
}

test('a raw backslash in the path, which the portal reads as a slash, is refused at the edge', async ({ edge }) => {
	const targets = ['/auth\\sign-in', '/Auth\\Sign-In.data', '/x\\..\\auth\\sign-in', '/contact\\']
	const answers: string[] = []
	for (const target of targets) answers.push(`POST ${target}: ${await rawStatus(edge.url, 'POST', target)}`)
	expect(answers).toEqual(targets.map((target) => `POST ${target}: 400`))
	// In a query string it is only a character.
	expect(await rawStatus(edge.url, 'GET', '/auth/sign-in?q=a\\b')).toBe(200)
})

test('the access log shows the paths of emailed links with their tokens redacted, and no query strings', async ({
	request,
	edge,
}) => {
	await request.get('/auth/reset-password/token/SECRETTOKEN123?utm_source=QUERYSECRET1', { maxRedirects: 0 })
	await request.get('/tokens/email_verification/SECRETTOKEN456', { maxRedirects: 0 })
	await request.get('/Tokens/Email_Verification/SECRETTOKEN789.data', { maxRedirects: 0 })
	await send(request, 'POST', '/auth/reset-password/token/SECRETTOKEN321')
	// The page an emailed link opened sends its address as the Referer of the next request.
	await request.get('/auth/sign-in?next=QUERYSECRET2', {
		headers: { Referer: `${edge.url}/auth/reset-password/token/SECRETTOKEN654?x=QUERYSECRET3` },
	})
	await request.get('/auth/sign-up', { headers: { Referer: `${edge.url}/tokens/email_verification/SECRETTOKEN987` } })

	// nginx writes a line once it has answered: wait for each.
	for (const line of [
		/"GET \/auth\/reset-password\/token\/\[redacted\] HTTP\/1\.1" \d{3} /,
		/"GET \/tokens\/email_verification\/\[redacted\] HTTP\/1\.1" \d{3} /,
		/"GET \/Tokens\/Email_Verification\/\[redacted\] HTTP\/1\.1" \d{3} /,
		/"POST \/auth\/reset-password\/token\/\[redacted\] HTTP\/1\.1" \d{3} /,
		/"GET \/auth\/sign-in HTTP\/1\.1" 200 \d+ "http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\/token\/\[redacted\]" /,
		/"GET \/auth\/sign-up HTTP\/1\.1" 200 \d+ "http:\/\/127\.0\.0\.1:\d+\/tokens\/email_verification\/\[redacted\]" /,
	]) {
		await expect.poll(() => edge.accessLog(), { message: String(line) }).toMatch(line)
	}
	expect(await edge.accessLog()).not.toMatch(/SECRETTOKEN|QUERYSECRET/)
})
