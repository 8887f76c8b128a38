/**
 * Route-level tests (as the Epic Stack writes them): a route module's loader or action called in-process, in
 * milliseconds, behind the same middleware React Router runs for it (the root's list, then each layout's), with a
 * real `RouterContextProvider`, a browser's cookies and the mock API started in this process (`useRouteTestApi`).
 */
import { afterAll, beforeAll } from 'vitest'
import { data as routeData, RouterContextProvider, type MiddlewareFunction } from 'react-router'
import { csrfCookies, newToken, signedValue } from '#app/auth/csrf.server'
import { RequestSession } from '#app/auth/session.server'
import { resetConfigForTests } from '#app/config.server'
import { csrfContext } from '#app/context.server'
import { middleware as rootMiddleware } from '#app/root'
import { CSRF_FIELD_NAME } from '#app/utils/csrf'
import { newServiceBody, uniqueEmail, useTestApi } from '#tests/mock-api/helpers'

type Args = { request: Request; params: Record<string, string>; context: RouterContextProvider; url: URL }
/** What a test needs of a route module: its middleware, loader and action (typed loosely: each route types its own). */
export type RouteModule = {
	default?: unknown
	middleware?: ReadonlyArray<MiddlewareFunction<Response>> | ReadonlyArray<unknown>
	loader?: (args: never) => unknown
	action?: (args: never) => unknown
}

/**
 * What the route answered: the response after every middleware (cookies, headers), the data its handler returned
 * (or the Response it threw), and the first error (not a Response) thrown, which the framework renders as a 500.
 */
export type RouteAnswer = { response: Response; data: unknown; error: unknown; context: RouterContextProvider }

/** `data(value, init)`'s result, which React Router turns into a response: known by its class, read off `data()`. */
type DataWithInit = ReturnType<typeof routeData>
const DataWithInitClass = routeData(null).constructor
export const isDataWithInit = (value: unknown): value is DataWithInit => value instanceof DataWithInitClass

const ORIGIN = 'http://127.0.0.1:3000'

/**
 * Runs `modules`' middleware (the root's first, as the framework does), then the last module's loader (GET) or
 * action (POST). A Response thrown (a redirect, a 404) is what the middleware above it gets from `next()`, as in the
 * framework; the answer's `data` is what the handler returned or threw.
 */
export async function callRoute(
	modules: readonly RouteModule[],
	{
		path,
		params = {},
		method = 'GET',
		form,
		body,
		contentType,
		cookie,
		headers: extra,
	}: {
		path: string
		params?: Record<string, string>
		method?: 'GET' | 'POST'
		form?: URLSearchParams
		/** A body sent as it is (with `contentType`, or none), instead of `form`. */
		body?: string | Uint8Array<ArrayBuffer>
		contentType?: string
		cookie?: string
		headers?: Record<string, string>
	},
): Promise<RouteAnswer> {
	const headers = new Headers({ 'accept-language': 'en-GB', ...extra })
	if (cookie) headers.set('cookie', cookie)
	if (form) headers.set('content-type', 'application/x-www-form-urlencoded')
	if (contentType) headers.set('content-type', contentType)
	const url = new URL(path, ORIGIN)
	const request = new Request(url, { method, headers, body: form?.toString() ?? body })
	const context = new RouterContextProvider()
	const args: Args = { request, params, context, url }
	const chain = [rootMiddleware, ...modules.map((module) => module.middleware ?? [])].flat() as Array<
		MiddlewareFunction<Response>
	>
	const leaf = modules.at(-1)!
	const handler = (method === 'GET' ? leaf.loader : leaf.action) as ((args: Args) => unknown) | undefined
	if (!handler) throw new Error(`the route has no ${method === 'GET' ? 'loader' : 'action'}`)
	let data: unknown
	let error: unknown
	// `next()` never throws in the framework: what is thrown below a middleware reaches it as the response of the
	// error page (a thrown Response as itself).
	const asResponse = async (run: () => Promise<Response>) => {
		try {
			return await run()
		} catch (thrown) {
			if (thrown instanceof Response) return thrown
			// `throw data(value, { status: 404 })`: the error page of that status, as the framework answers it.
			if (isDataWithInit(thrown)) return Response.json(thrown.data, thrown.init ?? undefined)
			error ??= thrown
			return new Response(null, { status: 500 })
		}
	}
	const dispatch = (index: number): Promise<Response> =>
		asResponse(async () => {
			const middleware = chain[index]
			if (middleware) return (await middleware({ ...args, pattern: '' } as never, () => dispatch(index + 1)))!
			try {
				data = await handler(args)
			} catch (thrown) {
				if (thrown instanceof Response || isDataWithInit(thrown)) data = thrown
				throw thrown
			}
			if (data instanceof Response) return data
			if (isDataWithInit(data)) return Response.json(data.data, data.init ?? undefined)
			return Response.json(data ?? null)
		})
	const response = await dispatch(0)
	if (isDataWithInit(data)) data = data.data
	return { response, data, error, context }
}

/** The CSRF state the middleware set, or undefined when the request was refused before it was set. */
function csrfStateOf(context: RouterContextProvider) {
	try {
		return context.get(csrfContext)
	} catch {
		return undefined
	}
}

/** A browser: its cookies (kept from every answer), and its forms' CSRF token. */
export class RouteBrowser {
	readonly cookies = new Map<string, string>()
	csrfToken = ''

	/** A first visit: the CSRF cookies the middleware would have set. */
	static async create() {
		const browser = new RouteBrowser()
		const { token, browser: browserCookie } = csrfCookies()
		const id = newToken()
		browser.csrfToken = newToken()
		browser.keep([await browserCookie.serialize(id), await token.serialize(signedValue(browser.csrfToken, id))])
		return browser
	}

	/** Signed in with `pair`: the session cookies the sign-in would have set. */
	async signIn(pair: { access: string; refresh: string }) {
		const session = await RequestSession.fromRequest(new Request(ORIGIN))
		await session.setTokens(pair)
		const headers = new Headers()
		session.applyTo(headers)
		this.keep(headers.getSetCookie())
	}

	get cookieHeader() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	private keep(setCookies: readonly string[]) {
		for (const line of setCookies) {
			const [pair, ...attributes] = line.split(';')
			const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
			const expired = attributes.some((attribute) => {
				const [key, setting] = attribute.trim().split('=')
				if (key!.toLowerCase() === 'max-age') return Number(setting) <= 0
				return key!.toLowerCase() === 'expires' && Date.parse(setting!) <= Date.now()
			})
			if (expired) this.cookies.delete(name.trim())
			else this.cookies.set(name.trim(), value)
		}
	}

	/** A GET of `path` through `modules`' loader; `headers`: what else the browser says (`Sec-Fetch-Site`). */
	get(
		modules: readonly RouteModule[],
		path: string,
		params?: Record<string, string>,
		headers?: Record<string, string>,
	) {
		return this.send(modules, { path, params, headers })
	}

	/** A form post from one of our pages to `modules`' action, with this browser's CSRF token. */
	post(modules: readonly RouteModule[], path: string, fields: Record<string, string>, params?: Record<string, string>) {
		const form = new URLSearchParams({ [CSRF_FIELD_NAME]: this.csrfToken, ...fields })
		return this.send(modules, { path, params, method: 'POST', form, headers: { 'sec-fetch-site': 'same-origin' } })
	}

	/** A hand-made POST: `body` as it is, of `contentType` (or none), with no CSRF token added. */
	postRaw(
		modules: readonly RouteModule[],
		path: string,
		{ body, contentType }: { body: string | Uint8Array<ArrayBuffer>; contentType?: string },
		params?: Record<string, string>,
	) {
		return this.send(modules, { path, params, method: 'POST', body, contentType })
	}

	private async send(modules: readonly RouteModule[], init: Parameters<typeof callRoute>[1]) {
		const answer = await callRoute(modules, { ...init, cookie: this.cookieHeader })
		this.keep(answer.response.headers.getSetCookie())
		// The token of the forms this answer would render (it changes on sign-in and sign-out). A request refused
		// before the CSRF middleware ran (or by it) renders no form: the browser keeps the token it had.
		const csrf = csrfStateOf(answer.context)
		if (csrf) this.csrfToken = csrf.token
		return answer
	}
}

/**
 * The mock API of `tests/mock-api/helpers` (reset to the seed before each test), started in this process, and the
 * portal's configuration pointed at it. Call at the top level of a test file.
 */
export function useRouteTestApi() {
	const api = useTestApi()
	const previous = process.env.API_BASE_URL
	beforeAll(() => {
		process.env.API_BASE_URL = api.mock.url
		resetConfigForTests()
	})
	afterAll(() => {
		process.env.API_BASE_URL = previous
		resetConfigForTests()
	})
	return api
}

/** A new partner of the mock (`user`: what `createUser` takes besides the address), signed in to a new browser. */
export async function signedInBrowser(
	api: ReturnType<typeof useRouteTestApi>,
	user: Omit<Parameters<typeof api.createUser>[0], 'email'> = {},
) {
	const email = uniqueEmail()
	await api.createUser({ email, ...user })
	const pair = await api.signIn(email)
	const browser = await RouteBrowser.create()
	await browser.signIn(pair)
	return { email, pair, access: pair.access, browser }
}

/** `signedInBrowser`'s partner with a new service of `body`: its id and version. */
export async function partnerWithService(api: ReturnType<typeof useRouteTestApi>, body = newServiceBody()) {
	const partner = await signedInBrowser(api)
	const { id: serviceId, version } = (await api.call('createService', { bearer: partner.access, body })).body.data
	return { ...partner, serviceId, version }
}
