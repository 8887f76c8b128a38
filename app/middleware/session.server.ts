import type { MiddlewareFunction } from 'react-router'
import { refreshTokens } from '#app/api/auth.server'
import { ApiClient, type TokenPair } from '#app/api/client.server'
import { clientOriginLimits } from '#app/api/contract/constants'
import { deviceIdOf, rotateCsrfToken } from '#app/auth/csrf.server'
import { RequestSession } from '#app/auth/session.server'
import { getConfig } from '#app/config.server'
import { clientIpContext, getSession, sessionContext, type Context } from '#app/context.server'

// Cookie changes go onto the response whatever the route returned or threw.
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const config = getConfig()
	const session = await RequestSession.fromRequest(request)
	const api: ApiClient = new ApiClient({
		baseUrl: config.API_BASE_URL,
		timeoutMs: config.API_TIMEOUT_MS,
		signal: request.signal,
		tokens: session,
		refreshTokens: (refreshToken) => refreshTokens(api, refreshToken),
		urls: { uploadTmpFile: config.UPLOAD_TMP_URL },
		origin: {
			ip: context.get(clientIpContext),
			userAgent: request.headers.get('user-agent')?.slice(0, clientOriginLimits.userAgentMax) ?? null,
			device: await deviceIdOf(request),
		},
	})
	context.set(sessionContext, { session, api })
	const response = await next()
	session.applyTo(response.headers)
	return response
}

export async function startSession(context: Context, pair: TokenPair) {
	await getSession(context).setTokens(pair)
	rotateCsrfToken(context)
}

// A new CSRF token for whoever uses the browser next; the subject stays, so a tab left open keeps its form (0038).
export async function endSession(context: Context) {
	await getSession(context).clearTokens()
	rotateCsrfToken(context)
}
