// Production HTTP server, the Epic Stack way: express, the `compression` middleware, static files and React
// Router's express adapter. (react-router-serve serves the same, but without what ops need here: a graceful
// shutdown that tells the load balancer first, JSON log lines, proxy trust and headers on static files.)
// Importing the server build validates the configuration first (app/config.server.ts) and exits before
// listening when it is wrong.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'

const here = path.dirname(fileURLToPath(import.meta.url))
const buildDir = path.join(here, 'build')
const build = await import(path.join(buildDir, 'server', 'index.js'))
const { baseSecurityHeaders, createRequestHandler, getConfig, loadContext, loggablePath } = build.entry.module
const config = getConfig()
const host = process.env.HOST || '0.0.0.0'

const log = (level, msg, fields) =>
	process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n')

/** Set on SIGTERM: /readyz answers 503 and every answer closes its connection. */
let stopping = false

const app = express()
app.disable('x-powered-by')
// Only the hops that overwrite X-Forwarded-For are believed (a count, not `true`: the left-most entry is the client's own).
app.set('trust proxy', config.TRUST_PROXY)
app.use((req, res, next) => {
	// The same headers on every answer, static files and React Router's own refusals included (pages add a CSP).
	for (const [name, value] of Object.entries(baseSecurityHeaders({ https: req.secure }))) res.setHeader(name, value)
	if (!stopping) return next()
	res.setHeader('Connection', 'close')
	if (req.path === '/readyz') return res.status(503).json({ status: 'stopping' })
	next()
})
// React Router routes these methods (and answers 405 itself to those a page does not take); any other (OPTIONS,
// TRACE, PROPFIND…) reaches no middleware of the app, and fetch cannot even build a request for some (TRACE).
const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])
const MAX_PATH_LENGTH = 2048
const MAX_URL_LENGTH = 8192
app.use((req, res, next) => {
	if (!ROUTED_METHODS.has(req.method)) {
		res.setHeader('Allow', 'GET, HEAD, POST')
		return res.status(405).end()
	}
	// The URL parser reads a raw backslash in a path as a slash, so `/auth\sign-in` is the sign-in page to the app
	// but not to a proxy's path rules (an edge limit): no browser sends one.
	const pathname = req.url.split('?', 1)[0]
	if (pathname.includes('\\')) return res.status(400).end()
	// No page has a path near 2 KB; a longer one is refused before any pattern or log reads it.
	if (pathname.length > MAX_PATH_LENGTH || req.url.length > MAX_URL_LENGTH) return res.status(414).end()
	next()
})
// A post from another site is refused before the app: its Origin must be the portal's public address or this
// request's own (what React Router's origin check, which stays behind this one, compares). A refusal is an attack or
// a misconfigured proxy, so a warning in the log, not an error report. Browsers send `Origin` with every post.
const publicOrigin = new URL(config.PUBLIC_APP_URL).origin
app.use((req, res, next) => {
	const origin = req.get('origin')
	if (req.method === 'GET' || req.method === 'HEAD' || origin === undefined) return next()
	if (origin === publicOrigin || origin === `${req.protocol}://${req.get('host')}`) return next()
	log('warn', 'cross-site action refused', { method: req.method, path: loggablePath(req.path) })
	res.status(400).end()
})
// Pages are compressed here, once each (entry.server.tsx hands over one body). Answers already compressed pass as
// they are.
app.use(compression())
// Fingerprinted assets never change. The build wrote a brotli and a gzip copy next to each (vite.config.ts): the
// copy the browser accepts is sent as it is, so no visit pays for deflating ~0.5 MB of scripts (decision 0027).
app.use(
	'/assets',
	expressStaticGzip(path.join(buildDir, 'client', 'assets'), {
		enableBrotli: true,
		orderPreference: ['br', 'gz'],
		serveStatic: { immutable: true, maxAge: '1y', index: false },
	}),
)
// Everything else in public/ for an hour.
app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }))
// The browser's address (behind TRUST_PROXY proxies: the one the nearest forwarded) for the partner API's activity log.
app.all('*', createRequestHandler({ build, mode: 'production', getLoadContext: (req) => loadContext({ ip: req.ip }) }))

const server = app.listen(config.PORT, host, () => log('info', 'listening', { host, port: config.PORT }))
// A client gets 10 s for its request's headers and 2 minutes for the whole request (a 10 MB logo over a slow
// phone link), not Node's 60 s and 5 minutes: a slow sender holds a connection (and an upload slot) no longer.
// Headers stay within Node's default 16 KB in all (431 past it), the request line within 8 KB (414).
server.headersTimeout = 10_000
server.requestTimeout = 120_000

/**
 * Graceful shutdown: /readyz fails at once and every answer closes its
 * connection; after SHUTDOWN_DELAY_MS no new connection is taken and idle
 * keep-alive connections close; the process exits once the last request has
 * been answered, or SHUTDOWN_TIMEOUT_MS after the signal.
 */
function shutdown(signal) {
	if (stopping) return
	stopping = true
	log('info', 'shutting down', { signal, delay_ms: config.SHUTDOWN_DELAY_MS, timeout_ms: config.SHUTDOWN_TIMEOUT_MS })
	setTimeout(() => {
		log('warn', 'requests still in flight at the shutdown timeout', { signal })
		server.closeAllConnections()
		process.exit(1)
	}, config.SHUTDOWN_TIMEOUT_MS).unref()
	setTimeout(() => {
		server.close(() => {
			log('info', 'stopped', { signal })
			process.exit(0)
		})
		server.closeIdleConnections()
	}, config.SHUTDOWN_DELAY_MS)
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
