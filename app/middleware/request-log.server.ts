import { randomUUID } from 'node:crypto'
import type { MiddlewareFunction } from 'react-router'
import { getT } from '#app/i18n.server'
import { getConfig } from '#app/config.server'
import { getRequestId, pageUrlContext, refusalHeadersContext, requestIdContext } from '#app/context.server'
import type { Context } from '#app/context.server'
import { pageMeta } from '#app/utils/meta'
import type { TooLargePage } from '#app/utils/refusal'
import { loggablePath } from '#app/utils/request-log'

// React Router keeps only the status of a Response thrown by middleware (remix-run/react-router#10037), so
// `requestLogMiddleware` puts its headers on the page.
export function refusal(
	status: number,
	context: Context,
	init: ResponseInit = {},
	extra: { page?: TooLargePage } = {},
) {
	if (init.headers) context.set(refusalHeadersContext, new Headers(init.headers))
	const t = getT(context)
	const meta = pageMeta(t, t(extra.page?.title ?? 'common:errors.generic'))
	return Response.json({ ...extra, ...meta, requestId: getRequestId(context) }, { ...init, status })
}

type LogFields = Record<string, string | number | boolean | null | undefined>

/** Never pass tokens, passwords or codes. */
export function log(level: 'info' | 'warn' | 'error', msg: string, fields: LogFields = {}) {
	if (getConfig().LOG_LEVEL === 'silent') return
	const stream = level === 'error' ? process.stderr : process.stdout
	stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`)
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/

export const requestLogMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
	const started = performance.now()
	context.set(pageUrlContext, url)
	// Only a trusted proxy overwrites a client's own id; never taken from the client.
	const incoming = getConfig().TRUST_PROXY > 0 ? request.headers.get('x-request-id') : null
	const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
	context.set(requestIdContext, requestId)
	let status = 500
	try {
		const response = await next()
		status = response.status
		response.headers.set('X-Request-Id', requestId)
		for (const [name, value] of context.get(refusalHeadersContext) ?? []) response.headers.set(name, value)
		return response
	} catch (error) {
		// A thrown Response is an expected outcome (redirects, 404s).
		if (error instanceof Response) status = error.status
		throw error
	} finally {
		log('info', 'request', {
			method: request.method,
			path: loggablePath(request.url),
			status,
			duration_ms: Math.round((performance.now() - started) * 10) / 10,
			request_id: requestId,
		})
	}
}
