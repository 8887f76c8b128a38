import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { ApiClient } from './client.server'
import { PartnerApi } from './partner-api.server'
import { RequestSession } from '#app/auth/session.server'
import { getConfig } from '#app/config.server'

type RequestApi = { session: RequestSession; api: PartnerApi }

const apiContext = createContext<RequestApi>()

/**
 * Per-request API access: reads the token cookies, builds the client, and
 * writes any cookie changes (refreshed or cleared tokens, the temporary
 * sign-in store) onto the response, whatever the route returned or threw.
 */
export const apiMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const config = getConfig()
	const session = await RequestSession.fromRequest(request)
	const client: ApiClient = new ApiClient({
		baseUrl: config.API_BASE_URL,
		timeoutMs: config.API_TIMEOUT_MS,
		signal: request.signal,
		tokens: session,
		refreshTokens: (refreshToken) => api.refreshTokens(refreshToken),
	})
	const api: PartnerApi = new PartnerApi(client)
	context.set(apiContext, { session, api })
	const response = await next()
	session.applyTo(response.headers)
	return response
}

export function getApi(context: Readonly<RouterContextProvider>) {
	return context.get(apiContext).api
}

export function getSession(context: Readonly<RouterContextProvider>) {
	return context.get(apiContext).session
}
