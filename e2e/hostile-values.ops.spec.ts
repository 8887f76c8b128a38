import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test'
import { endpoints, validationMessages, wrongPasswordConfirmations } from '#app/api/contract/index'
import type { MockHooks } from '#tests/mock-api/hooks-client'
import { LOCKOUT_POLICY } from '#tests/mock-api/lockout'
import { totp } from '#tests/mock-api/totp'
import { csrfTokenFrom, freePort, portalEnv, projectRoot, startPortal } from '#tests/setup/processes'
import { expect, test } from './fixtures'
import { createPartner, signInOverHttp } from './utils/auth'
import { pageRoutes } from './utils/hostile'
import {
	CHECKS,
	discover,
	encode,
	filledIn,
	fit,
	keepTokens,
	signature,
	Tally,
	urlOf,
	type Answer,
	type Ctx,
	type FieldValue,
	type Found,
	type Job,
} from './utils/hostile-corpus'
import { asRendered, formsOf, type FormField, type PageForm } from './utils/page-forms'
import { eventLoopProbe, watchHealth, type EventLoopDelay, type HealthWatch } from './utils/process-watch'
import { createFormTokens, postCreate, SERVICE, serviceIdOf } from './utils/services'

/**
 * Untrusted values by construction (issue 52): a corpus of hostile values generated per route from the built manifest
 * and what each route declares to a browser — the fields of the forms its pages render, the query parameters its
 * pages link and submit with and the app reads — sent on GET and POST, signed out and in, with hostile headers;
 * hostile paths; and concurrent bursts on every limited action. Every answer within a second and no 5xx, the
 * process's event-loop delay p99 at most 50 ms through the corpus, `/healthz` answering throughout, no error in its
 * log. A route, a field or a parameter added tomorrow is in it the day it is built. Runs in the `ops` project.
 */

const KB = 1024
/** The portal's form body limit (`FORM_BODY_LIMIT`, app/middleware/form-body.server.ts). */
const BODY_LIMIT = 64 * KB
/** What a body's hostile fields may take: room is left for its token and the fields sent as rendered. */
const BODY_ROOM = BODY_LIMIT - 2 * KB
/** What a query string may take: server.mjs refuses (414) a path and query over about 2 KB. */
const QUERY_ROOM = 1536
/** Node's default limit of a request's headers, its URL included (`--max-http-header-size`). */
const NODE_HEADER_LIMIT = 16 * KB
/** The corpus's bound: one that outgrows it says so rather than slowing the suite down unnoticed. */
const MAX_REQUESTS = 3_000
/** Bodies of a form's fields of one kind for one value, at most. */
const MAX_BODIES = 4
/**
 * Posts at once in a burst on a limited action: past every limit's count, and as many full pages as one process renders
 * within the second each answer has (50 take ~1 s of CPU; the mock's own tests send 50 at the counting itself).
 */
const BURST = 30
const EVENT_LOOP_P99_MS = 50
/** Longer than any limit's window (an hour): moving the mock clock by it frees them all. */
const LONGEST_WINDOW_SECONDS = 3_600

// The two tests load the machine in turn, never together: each measures a process's event loop.
test.describe.configure({ mode: 'default' })

let nested = '/../<b>&x=%00#'
for (let round = 0; round < 8; round++) nested = encodeURIComponent(nested)
const junk = [
	'\u202E',
	'\u200D',
	'\uFEFF',
	'\u0000',
	'\r\n',
	'e\u0301\u0301\u0301',
	'👩‍👩‍👧‍👦',
	'\uFFFF',
	'𝕏',
	'"><img src=x>',
	"'; --",
].join('')

/** What goes into every declared field and query parameter: long, slow to match, or odd. */
const VALUES: Array<[string, string]> = [
	['64 KB', 'x'.repeat(64 * KB)],
	['16,000 slashes', '/'.repeat(16_000)],
	["'a' × 50,000 then '!'", `${'a'.repeat(50_000)}!`],
	['Version/ then 13,000 digits', `Version/${'1'.repeat(13_000)}`],
	['30,000 spaces between two words', `a${' '.repeat(30_000)}b`],
	['nested percent-encodings', nested.repeat(Math.ceil((4 * KB) / nested.length))],
	['unicode junk', junk.repeat(40)],
]

/** One of these goes with each request of the corpus, in turn: each fits in Node's 16 KB of request headers. */
const HEADERS: Array<[string, Record<string, string>]> = [
	['User-Agent of 8 KB', { 'user-agent': `Version/${'1'.repeat(8 * KB)}` }],
	['User-Agent of Version/ then 13,000 digits', { 'user-agent': `Version/${'1'.repeat(13_000)}` }],
	['X-Forwarded-For garbage', { 'x-forwarded-for': `I am 10.0.0.1 <b>not an ip</b>${','.repeat(4 * KB)}` }],
	['Accept-Language junk', { 'accept-language': 'a-,'.repeat((4 * KB) / 3) }],
	['X-Request-Id of 4 KB', { 'x-request-id': 'r'.repeat(4 * KB) }],
]
/** More than Node's 16 KB of request headers: its 431 is an answer too. */
const OVERSIZED: [string, Record<string, string>] = [
	'User-Agent of 16 KB',
	{ 'user-agent': `Version/${'1'.repeat(NODE_HEADER_LIMIT)}` },
]

/**
 * The bodies that carry `value` in the fields of `form` but its CSRF token: its typed fields, then its hidden ones,
 * then its buttons (the others as rendered, so each reaches past the rest of the form); as many fields to a body as
 * the body limit takes with the whole value, at most `MAX_BODIES` bodies of a kind, each field of a body given its
 * share of the limit (a value too long for it cut to fit). When every field with the whole value is more than the
 * limit takes, that body too, which must be refused (413).
 */
function hostileBodies(form: PageForm, value: string) {
	const fields = form.fields.filter((field) => field.name !== 'csrf')
	const rendered = asRendered(form).filter(([name]) => name !== 'csrf')
	const bodies: Array<{ fields: Array<[string, FieldValue]>; tooLarge: boolean }> = []
	const size = (field: FormField) => encode(field.name).length + 2 + encode(value).length
	for (const kind of ['typed', 'hidden', 'button'] as const) {
		const group = fields.filter((candidate) => candidate.kind === kind)
		if (group.length === 0) continue
		const longestName = Math.max(...group.map((field) => encode(field.name).length))
		const wholeFit = Math.max(1, Math.floor(BODY_ROOM / (longestName + 2 + encode(value).length)))
		const perBody = Math.max(wholeFit, Math.ceil(group.length / MAX_BODIES))
		for (let start = 0; start < group.length; start += perBody) {
			const chunk = group.slice(start, start + perBody)
			const hostile = fit(value, Math.floor(BODY_ROOM / chunk.length) - longestName - 2)
			const names = new Set(chunk.map((field) => field.name))
			bodies.push({
				fields: [
					...rendered.filter(([name]) => !names.has(name)),
					...chunk.map((field): [string, string] => [field.name, hostile]),
				],
				tooLarge: false,
			})
		}
	}
	if (fields.length === 0) bodies.push({ fields: [], tooLarge: false })
	if (fields.reduce((sum, field) => sum + size(field), 0) > BODY_LIMIT) {
		bodies.push({ fields: fields.map((field) => [field.name, value]), tooLarge: true })
	}
	return bodies
}

/** A portal of the test's own with the event-loop probe; the partner signed in with a service; both contexts. */
async function probedPortal({
	stack,
	mock,
	playwright,
}: {
	stack: { mockUrl: string }
	mock: MockHooks
	playwright: PlaywrightWorkerArgs['playwright']
}) {
	const port = await freePort()
	const logFile = test.info().outputPath('portal.log')
	const probe = eventLoopProbe(test.info().outputPath('event-loop.json'))
	const portal = await startPortal({
		env: {
			...portalEnv({
				PORT: String(port),
				API_BASE_URL: stack.mockUrl,
				PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
				UPLOAD_TMP_URL: `${stack.mockUrl}/uploads/tmp`,
				SERVICE_LOGO_URL: `${stack.mockUrl}/uploads/service-logos`,
			}),
			...probe.env,
		},
		logFile,
	})
	const baseURL = portal.url
	const contexts: APIRequestContext[] = []
	const newCtx = async (name: Ctx['name'], page = '/auth/sign-in'): Promise<Ctx> => {
		const request = await playwright.request.newContext({ baseURL })
		contexts.push(request)
		return { name, request, csrf: csrfTokenFrom(await (await request.get(page)).text()) ?? '' }
	}
	const guest = await newCtx('signed out')
	const signedIn = await newCtx('signed in')
	const partner = await createPartner(mock)
	await signInOverHttp(signedIn.request, baseURL, partner.email, partner.password)
	const serviceId = serviceIdOf(await postCreate(signedIn.request, baseURL, await createFormTokens(signedIn.request)))
	// Its webhook endpoint simulated by the mock, failing: a delivery there fails all its attempts (a day of the mock
	// clock), so the delivery page has one to show and the recovery one to send again.
	await mock.addWebhookReceiver({ url: SERVICE.webhook_url, status: 503 })
	await mock.sendWebhookEvent(serviceId, { type: 'password_changed_to_random_string' })
	await mock.advanceClock(2 * 24 * 3_600)
	const keep = () => keepTokens({ guest, signedIn, baseURL, partner })
	await keep()
	return {
		portal,
		baseURL,
		probe,
		guest,
		signedIn,
		partner,
		newCtx,
		keep,
		params: { serviceId } as Record<string, string>,
		filling: async (email = partner.email) => ({ email, now: await mock.now() }),
		/** The error lines of the portal's log: a refused request is an expected outcome, never an error. */
		errorLines: () =>
			readFileSync(logFile, 'utf8')
				.split('\n')
				.filter((line) => line.includes('"level":"error"') || /^\s+at /.test(line) || line.includes('Error:'))
				.map((line) => line.slice(0, 400)),
		async close() {
			for (const request of contexts) await request.dispose()
			await mock.clearWebhookReceivers()
			await portal.close()
		},
	}
}

/** Annotates a figure of the run, and prints it. */
function annotate(type: string, description: string) {
	test.info().annotations.push({ type, description })
	console.log(`${type}: ${description}`)
}

const load = () =>
	os
		.loadavg()
		.map((average) => average.toFixed(1))
		.join(' ')

/** The checks every request of a run and the process around it must pass (the event loop's p99 when `boundP99`). */
function assertRun(
	tally: Tally,
	eventLoop: EventLoopDelay,
	health: HealthWatch,
	errorLines: string[],
	{ boundP99 }: { boundP99: boolean },
) {
	annotate(
		'event loop',
		`p50 ${eventLoop.p50} ms, p99 ${eventLoop.p99} ms, max ${eventLoop.max} ms (${eventLoop.samples} samples); load average ${load()} on ${os.cpus().length} cores`,
	)
	annotate('healthz', `${health.checks} checks, slowest ${health.slowestMs} ms, ${health.problems.length} problems`)
	for (const check of CHECKS) expect.soft(tally.report(check), `every answer: ${check}`).toEqual([])
	if (boundP99)
		expect.soft(eventLoop.p99, `event-loop delay p99 (max ${eventLoop.max} ms)`).toBeLessThanOrEqual(EVENT_LOOP_P99_MS)
	expect.soft(health.problems.slice(0, 20), '/healthz throughout').toEqual([])
	expect.soft(health.checks, '/healthz was polled').toBeGreaterThan(10)
	expect.soft(errorLines.slice(0, 20), 'error lines in the portal log').toEqual([])
}

test('every route takes hostile values in every declared field and query parameter, hostile headers and paths, signed out and in: each answered within a second, no 5xx, the event loop and /healthz unhindered', async ({
	stack,
	mock,
	playwright,
}) => {
	test.setTimeout(300_000)
	const setup = await probedPortal({ stack, mock, playwright })
	const { baseURL, guest, signedIn, partner, params, probe, portal, keep } = setup
	const contexts = [guest, signedIn]
	const tally = new Tally(baseURL)
	let health: ReturnType<typeof watchHealth> | undefined
	try {
		const routes = pageRoutes()
		// The guest group, the signed-in group, public and parametrised routes are all there.
		expect(routes.map((route) => route.path)).toEqual(
			expect.arrayContaining(['auth/sign-in', '', 'contact', 'services/:serviceId/activity', 'tokens/:type/:token']),
		)
		// A reset link emailed to the partner: its page renders its form.
		const reset = await guest.request.post('/auth/reset-password', {
			form: { email: partner.email, csrf: guest.csrf },
			headers: { Origin: baseURL },
		})
		expect(reset.status()).toBe(200)
		const links = (await mock.lastEmail(partner.email)).links
		const { found, queryNames } = await discover(routes, contexts, params, { links, filling: await setup.filling() })
		// What the app reads and what its pages link and submit with.
		expect([...queryNames]).toEqual(
			expect.arrayContaining(['redirect_to', 'cursor', 'since', 'kind', 'with', 'days', 'method', 'notice', 'status']),
		)
		for (const field of ['email', 'password', 'subject', 'message', 'translations.en-GB.name', 'current_password']) {
			expect(
				found.some(({ form }) => form.fields.some((f) => f.name === field)),
				`a form with ${field}`,
			).toBe(true)
		}
		expect(params.token, 'the emailed reset link').toBeDefined()
		expect(params.deliveryId, 'a delivery linked from the webhooks page').toBeDefined()

		await probe.start(portal.child.pid!)
		health = watchHealth(`${baseURL}/healthz`)
		const started = performance.now()
		const loadBefore = load()
		let turn = 0
		const nextHeaders = () => HEADERS[turn++ % HEADERS.length]!
		const phases: string[] = []
		const phase = (name: string, since: number) => phases.push(`${name} ${tally.requests - since}`)

		// 1. Every form as a person sends it, once with each hostile header: what the API keeps of a request (its
		// User-Agent, its address) is on the pages read back at the end.
		let since = tally.requests
		const filling = await setup.filling()
		for (const { ctx, form } of found) {
			for (const [header, headers] of HEADERS) {
				const body = filledIn(form, filling)
				await tally.send({
					ctx,
					method: 'POST',
					target: form.action,
					what: `as sent; ${header}`,
					headers,
					body,
					multipart: form.multipart,
				})
			}
			await keep()
		}
		phase('as sent', since)

		// 2. Every value in every query parameter and every declared field, on every route, signed out and in.
		since = tally.requests
		const names = [...queryNames]
		const perParameter = Math.floor((QUERY_ROOM - names.reduce((sum, name) => sum + name.length + 2, 0)) / names.length)
		const queryOf = (value: string) => `?${names.map((name) => `${encode(name)}=${encode(value)}`).join('&')}`
		let fieldCount = 0
		for (const route of routes) {
			const url = urlOf(route, params)
			// Its forms once each, whichever context rendered them; a route that renders none takes a post of its token.
			const forms = [
				...new Map(
					found.filter((entry) => entry.route === route).map((entry) => [signature(entry.form), entry]),
				).values(),
			]
			fieldCount += forms.reduce((sum, { form }) => sum + form.fields.filter((f) => f.name !== 'csrf').length, 0)
			if (route.hasAction && forms.length === 0) {
				forms.push({ route, ctx: signedIn, form: { action: url, method: 'post', multipart: false, fields: [] } })
			}
			const jobs: Job[] = []
			for (const [what, value] of VALUES) {
				const fitted = fit(value, perParameter)
				for (const ctx of contexts) {
					if (route.hasLoader) {
						const [header, headers] = nextHeaders()
						jobs.push({ ctx, method: 'GET', target: url + queryOf(fitted), what: `${what}; ${header}`, headers })
					}
					for (const entry of route.hasAction ? forms : []) {
						for (const body of hostileBodies(entry.form, value)) {
							const [header, headers] = nextHeaders()
							jobs.push({
								ctx,
								method: 'POST',
								target: url + queryOf(fitted),
								what: `${body.tooLarge ? `${what}, whole in every field` : what}; ${header}`,
								headers,
								body: body.fields,
								multipart: entry.form.multipart,
								// Too large a body is refused in the context its form is for (the other may be sent away first).
								refused: body.tooLarge && entry.ctx === ctx,
							})
						}
					}
				}
				// The whole value in every parameter: a URL too long to take, 414 (or, past Node's 16 KB of headers, its 431
				// whatever the value: the first value only).
				const whole = url + queryOf(value)
				if (fitted.length < value.length && (whole.length < NODE_HEADER_LIMIT || value === VALUES[0]![1])) {
					for (const method of ['GET', 'POST'] as const) {
						if (method === 'GET' ? route.hasLoader : route.hasAction) {
							jobs.push({
								ctx: guest,
								method,
								target: whole,
								what: `${what}, whole`,
								refused: true,
								pastHeaderLimit: whole.length >= NODE_HEADER_LIMIT,
							})
						}
					}
				}
			}
			await tally.run(jobs)
			await keep()
		}
		phase('values', since)

		// 3. Hostile paths, after every route's URL (and `/tokens`): 16,000 slashes (4xx), a 3 KB tail (414: server.mjs
		// refuses a path over about 2 KB). Not after the root's: `//…` names a host to a client.
		since = tally.requests
		const tails: Array<[string, string, (status: number) => boolean]> = [
			['16,000 slashes', '/'.repeat(16_000), (status) => status >= 400 && status < 500],
			['a 3 KB tail', `/${'p'.repeat(3 * KB)}`, (status) => status === 414],
		]
		const prefixes = ['/tokens', ...routes.map((route) => urlOf(route, params)).filter((url) => url !== '/')]
		const pathJobs = prefixes.flatMap((url) =>
			tails.flatMap(([what, tail]) =>
				contexts.flatMap((ctx) =>
					(['GET', 'POST'] as const).map((method): Job => ({ ctx, method, target: url + tail, what, refused: true })),
				),
			),
		)
		const pathAnswers = await tally.run(pathJobs)
		for (const [what, , expected] of tails) {
			const wrong = pathJobs.flatMap((job, index) =>
				job.what === what && !expected(pathAnswers[index]!.status)
					? [`${job.ctx.name} ${job.method} ${job.target.slice(0, 60)}… → ${pathAnswers[index]!.status}`]
					: [],
			)
			expect.soft(wrong.slice(0, 20), `every route's URL and ${what}: ${wrong.length} wrong`).toEqual([])
		}
		await keep()
		phase('paths', since)

		// 4. A User-Agent over Node's header limit, on every route (a 431 or less).
		since = tally.requests
		await tally.run(
			routes.flatMap((route) =>
				contexts.flatMap((ctx) =>
					(['GET', 'POST'] as const)
						.filter((method) => (method === 'GET' ? route.hasLoader : route.hasAction))
						.map((method) => ({
							ctx,
							method,
							target: urlOf(route, params),
							what: OVERSIZED[0],
							headers: OVERSIZED[1],
						})),
				),
			),
		)
		phase('oversized headers', since)

		// 5. Every page again, as people visit it, signed in by four connections at once: what the corpus stored (the
		// activity log and its User-Agents) renders.
		since = tally.requests
		await keep()
		await tally.run(
			routes
				.filter((route) => route.hasLoader)
				.flatMap((route) =>
					[guest, signedIn, signedIn, signedIn, signedIn].map((ctx): Job => ({
						ctx,
						method: 'GET',
						target: urlOf(route, params),
						what: 'read back',
					})),
				),
		)
		phase('read back', since)

		const seconds = Math.round((performance.now() - started) / 100) / 10
		const eventLoop = await probe.read()
		const watched = await health.stop()
		health = undefined
		annotate(
			'corpus',
			`${routes.length} routes (${found.length} forms, ${fieldCount} fields, ${queryNames.size} query parameters) × ${VALUES.length} values × ${HEADERS.length + 1} header sets, signed out and in: ${tally.requests} requests (${phases.join(', ')}) in ${seconds} s, slowest ${tally.slowestMs} ms; load average before ${loadBefore}`,
		)
		expect.soft(tally.requests, 'the corpus stays within its bound').toBeLessThanOrEqual(MAX_REQUESTS)
		assertRun(tally, eventLoop, watched, setup.errorLines(), { boundP99: true })
		expect(portal.child.exitCode).toBeNull()
	} finally {
		await health?.stop()
		await setup.close()
	}
})

/** The texts of the portal's answers a burst counts: the contract's and the portal's own. */
function messages() {
	const common = JSON.parse(readFileSync(path.join(projectRoot, 'app', 'locales', 'en-GB', 'common.json'), 'utf8')) as {
		errors: Record<string, string>
	}
	const before = (text: string) => text.split('{{')[0]!
	return {
		locked: before(common.errors.accountLocked!),
		tooMany: [before(common.errors.tooManyAttempts!), before(common.errors.rateLimited!)],
		credentials: validationMessages.credentialsIncorrect,
		code: validationMessages.codeInvalid,
		password: validationMessages.passwordIncorrect,
	}
}

/** The contract's endpoints with a `rateLimit`, each with a matcher of the paths the API serves it at. */
function limitedEndpoints() {
	return Object.entries(endpoints).flatMap(([name, endpoint]) => {
		const limit = 'rateLimit' in endpoint ? endpoint.rateLimit : undefined
		if (!limit) return []
		const pattern = new RegExp(`^${endpoint.path.split(/\{\w+\}/).join('[^/]+')}$`)
		return [{ name, method: endpoint.method as string, limit, matches: (path: string) => pattern.test(path) }]
	})
}

test('concurrent bursts on every limited action: each answered within a second with no 5xx, no more carried out than the limit, wrong secrets refused', async ({
	stack,
	mock,
	playwright,
}) => {
	test.setTimeout(180_000)
	const setup = await probedPortal({ stack, mock, playwright })
	const { baseURL, guest, signedIn, partner, params, probe, portal, keep, newCtx } = setup
	const tally = new Tally(baseURL)
	const text = messages()
	let health: ReturnType<typeof watchHealth> | undefined
	try {
		const routes = pageRoutes()
		const { found } = await discover(routes, [guest, signedIn], params, { filling: await setup.filling() })
		const formOf = (route: string, field: string, ctx = guest) => {
			const entry = found.find(
				(f) => f.ctx === ctx && f.route.path === route && f.form.fields.some((x) => x.name === field),
			)
			expect(entry, `the ${route} form with ${field}`).toBeDefined()
			return entry!.form
		}
		const fill = (form: PageForm, values: Record<string, string>) =>
			asRendered(form).map(([name, value]): [string, string] => [name, values[name] ?? value])
		const reveal = formOf('services/:serviceId/developers/signing-secret/reveal', 'password', signedIn)
		const confirmIdentity = async () => {
			const answer = await tally.send({
				ctx: signedIn,
				method: 'POST',
				target: reveal.action,
				what: 'the right password',
				body: fill(reveal, { password: partner.password }),
			})
			expect(answer.status, 'identity confirmed').toBe(302)
		}

		// The limited actions: every form whose post, as a person sends it, reaches an endpoint the contract limits;
		// those behind an identity confirmation sent again once it is confirmed.
		const limited = limitedEndpoints()
		type Burst = { found: Found; endpoint: (typeof limited)[number]; confirmed: boolean }
		const bursts: Burst[] = []
		const probeLimits = async (entries: Found[], confirmed: boolean) => {
			for (const entry of entries) {
				await mock.clearRequests()
				const body = filledIn(entry.form, await setup.filling())
				await tally.send({
					ctx: entry.ctx,
					method: 'POST',
					target: entry.form.action,
					what: 'as sent',
					body,
					multipart: entry.form.multipart,
				})
				const calls = (await mock.requests()).filter((call) => call.method !== 'GET')
				for (const endpoint of limited) {
					const reached = calls.some((call) => call.method === endpoint.method && endpoint.matches(call.path))
					if (reached && !bursts.some((burst) => burst.endpoint === endpoint))
						bursts.push({ found: entry, endpoint, confirmed })
				}
				await keep()
			}
		}
		await probeLimits(found, false)
		await confirmIdentity()
		const behindConfirmation = routes.filter((route) =>
			found.some(
				(entry) => entry.route === route && entry.form.fields.some((field) => field.name === 'identity_method'),
			),
		)
		await probeLimits(
			(await discover(behindConfirmation, [signedIn], params, { filling: await setup.filling() })).found,
			true,
		)
		const unreached = limited
			.filter((endpoint) => !bursts.some((burst) => burst.endpoint === endpoint))
			.map((e) => e.name)
		annotate(
			'limited actions',
			`${bursts.map(({ found: f, endpoint }) => `${f.ctx.name} ${f.route.path} (${endpoint.name}, ${endpoint.limit.max})`).join('; ')}; and sign-in, its second step, an identity confirmation, a reset request; no form reaches ${unreached.join(', ') || 'no other'}`,
		)
		expect.soft(unreached, 'limited endpoints no form of the portal reaches').toEqual([])

		await probe.start(portal.child.pid!)
		health = watchHealth(`${baseURL}/healthz`)
		const loadBefore = load()
		const freshWindows = async () => {
			await mock.advanceClock(LONGEST_WINDOW_SECONDS)
			// The access token expired meanwhile: one request refreshes it before the burst.
			await keep()
		}
		const burst = async (ctx: Ctx, form: PageForm, body: Array<[string, FieldValue]>, what: string, refused: boolean) =>
			Promise.all(
				Array.from({ length: BURST }, () =>
					tally.send(
						{ ctx, method: 'POST', target: form.action, what, body, multipart: form.multipart, refused },
						true,
					),
				),
			)
		const count = (answers: Answer[], ...texts: string[]) =>
			answers.filter((answer) => texts.some((t) => answer.text.includes(t))).length

		// Every limited endpoint a form reaches: at most its limit carried out, however many ask at once.
		for (const { found: entry, endpoint, confirmed } of bursts) {
			await freshWindows()
			if (confirmed) await confirmIdentity()
			await mock.clearRequests()
			const body = filledIn(entry.form, await setup.filling(`burst-${endpoint.name}@example.com`))
			await burst(entry.ctx, entry.form, body, endpoint.name, false)
			const carriedOut = (await mock.requests()).filter(
				(call) => call.method === endpoint.method && endpoint.matches(call.path) && call.status < 300,
			)
			expect
				.soft(carriedOut.length, `${entry.route.path}: ${endpoint.name} calls carried out`)
				.toBeLessThanOrEqual(endpoint.limit.max)
		}

		// Sign-in: a wrong password fifty times at once locks the account after the lockout's count.
		await freshWindows()
		const target = await createPartner(mock)
		const signIn = formOf('auth/sign-in', 'password')
		const wrongPassword = 'Not-the-password-1!'
		const signIns = await burst(
			await newCtx('signed out'),
			signIn,
			fill(signIn, { email: target.email, password: wrongPassword }),
			'a wrong password',
			true,
		)
		expect
			.soft(count(signIns, text.credentials), 'sign-in: wrong-password answers')
			.toBeLessThanOrEqual(LOCKOUT_POLICY.firstLockAt - 1)
		expect.soft(count(signIns, text.credentials, text.locked), 'sign-in: every answer says which').toBe(BURST)

		// Its second step: a wrong code fifty times at once. Once the account locks, the half-done sign-in ends: the
		// answers after it send the browser back to the sign-in page.
		const twoStep = await createPartner(mock, { totp: true })
		const pending = await newCtx('signed out')
		const first = await pending.request.post('/auth/sign-in', {
			form: { email: twoStep.email, password: twoStep.password, csrf: pending.csrf },
			headers: { Origin: baseURL },
			maxRedirects: 0,
		})
		expect(first.headers().location).toBe('/auth/sign-in/two-step')
		const codePage = '/auth/sign-in/two-step'
		const codeForm = formsOf(await (await pending.request.get(codePage)).text(), codePage).find((form) =>
			form.fields.some((field) => field.name === 'code'),
		)
		expect(codeForm, 'the two-step form').toBeDefined()
		const now = (await mock.now()).getTime()
		const live = new Set([-1, 0, 1].map((step) => totp(twoStep.totpSecret!, now + step * 30_000)))
		const wrongCode = ['000000', '111111', '222222'].find((code) => !live.has(code))!
		const codes = await burst(pending, codeForm!, fill(codeForm!, { code: wrongCode }), 'a wrong code', false)
		const restarted = codes.filter(
			(answer) => answer.status === 302 && /^\/auth\/sign-in(?:\?|$)/.test(answer.location ?? ''),
		).length
		expect
			.soft(count(codes, text.code), 'two-step: wrong-code answers')
			.toBeLessThanOrEqual(LOCKOUT_POLICY.firstLockAt - 1)
		expect.soft(count(codes, text.code, text.locked) + restarted, 'two-step: every answer refuses').toBe(BURST)
		expect.soft((await mock.user(twoStep.email))?.lockout.locked_for_seconds, 'two-step: locked').toBeGreaterThan(0)

		// An identity confirmation (the signing secret's reveal; the secrets' changes share its count).
		await freshWindows()
		const reveals = await burst(
			signedIn,
			reveal,
			fill(reveal, { password: wrongPassword }),
			'a wrong password to confirm',
			true,
		)
		expect
			.soft(count(reveals, text.password), 'identity: wrong-password answers')
			.toBeLessThanOrEqual(wrongPasswordConfirmations.max)
		expect.soft(count(reveals, text.password, ...text.tooMany), 'identity: every answer says which').toBe(BURST)

		// A password reset request: one email per interval, however many ask at once.
		await freshWindows()
		const resetTarget = await createPartner(mock)
		const resetForm = formOf('auth/reset-password', 'email')
		await burst(
			await newCtx('signed out'),
			resetForm,
			fill(resetForm, { email: resetTarget.email }),
			'a reset request',
			false,
		)
		const resets = (await mock.emails(resetTarget.email)).filter((email) =>
			email.links.some((link) => link.includes('/auth/reset-password/token/')),
		)
		expect.soft(resets.length, 'reset emails sent').toBeLessThanOrEqual(1)

		const eventLoop = await probe.read()
		const watched = await health.stop()
		health = undefined
		annotate(
			'bursts',
			`${bursts.length + 4} limited actions × ${BURST} concurrent posts: ${tally.requests} requests, slowest ${tally.slowestMs} ms; load average before ${loadBefore}`,
		)
		// Fifty posts at once are fifty renders queued by construction: the event loop's figures are reported, its
		// p99 bound is the corpus's (the test above).
		assertRun(tally, eventLoop, watched, setup.errorLines(), { boundP99: false })
		expect(portal.child.exitCode).toBeNull()
	} finally {
		await health?.stop()
		await setup.close()
	}
})
