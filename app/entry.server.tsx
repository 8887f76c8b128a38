import { isIP } from 'node:net'
import { PassThrough } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { isRouteErrorResponse, RouterContextProvider, ServerRouter } from 'react-router'
import type { EntryContext, HandleErrorFunction } from 'react-router'
import { ApiError } from '#app/api/errors'
import { assertConfig, getConfig } from '#app/config.server'
import { getInstance } from '#app/i18n.server'
import { log } from '#app/middleware/request-log.server'
import { loggablePath } from '#app/utils/request-log'
import { NonceProvider } from '#app/utils/nonce'
import { clientIpContext, getNonce, getRequestId } from '#app/context.server'

// Validated on import: a bad configuration stops the process before it listens.
assertConfig()

// What server.mjs needs from the app: the headers of answers that pass no middleware, its settings, and the request
// handler of the React Router the build bundles (one copy in the process, its production build: decision 0036).
export { createRequestHandler } from '@react-router/express'
export { baseSecurityHeaders } from '#app/middleware/security.server'
export { getConfig } from '#app/config.server'
export { loggablePath } from '#app/utils/request-log'

/** React Router's `getLoadContext` for server.mjs: the browser's address. */
export function loadContext(client: { ip: string | undefined }) {
	const context = new RouterContextProvider()
	// An IPv4 client of a dual-stack socket reads as `::ffff:203.0.113.7`: the address a person knows is the IPv4 one.
	const ip = client.ip?.replace(/^::ffff:(?=\d+\.)/, '')
	context.set(clientIpContext, ip && isIP(ip) ? ip : null)
	return context
}

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const nonce = getNonce(loadContext)

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)

		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<I18nextProvider i18n={getInstance(loadContext)}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</I18nextProvider>
			</NonceProvider>,
			{
				// Scripts and the root's inlined stylesheet (a hoisted <style>) carry the CSP nonce.
				nonce: { script: nonce, style: nonce },
				// One body, sent once the page is rendered (decision 0027).
				onShellReady() {
					shellRendered = true
				},
				onAllReady() {
					const body = new PassThrough()
					pipe(body)
					buffer(body).then((html) => {
						clearTimeout(timeoutId)
						responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
						resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
					}, reject)
				},
				onShellError(error: unknown) {
					clearTimeout(timeoutId)
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) reportError(error, request, loadContext)
				},
			},
		)
	})
}

function reportError(error: unknown, request: Request, context: Readonly<RouterContextProvider>) {
	const requestId = getRequestId(context) || undefined
	const err = error instanceof Error ? error : new Error(String(error))
	log('error', 'unhandled error', {
		method: request.method,
		path: loggablePath(request.url),
		request_id: requestId,
		error: err.name,
		message: err.message,
		stack: err.stack?.split('\n').slice(0, 6).join('\n'),
	})
	// The SDK is imported only when a DSN is set.
	if (!getConfig().SENTRY_DSN) return
	void import('@sentry/node').then((Sentry) =>
		Sentry.captureException(err, { tags: requestId ? { request_id: requestId } : undefined }),
	)
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted) return
	// Expected Responses and the router's own refusals (405 for a POST to a page without a form) are not errors.
	if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) return
	// A loader's call refused because the session ended: the guard sends the partner to sign-in once the page's
	// loaders are done (they start in the same round as the current-user call).
	if (error instanceof ApiError && error.kind === 'unauthenticated') return
	reportError(error, request, context as Readonly<RouterContextProvider>)
}
