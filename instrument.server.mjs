// Loaded with `node --import` before anything else, so Sentry can instrument
// the server. Error reporting is on only when SENTRY_DSN is set, and the SDK
// is imported only then: importing it costs about half a second of start-up.
// The server's SDK is @sentry/node, what @sentry/react-router's server entry
// re-exports without its build plugins (decision 0037).
import { scrubTelemetry } from './app/utils/redaction.js'

const dsn = process.env.SENTRY_DSN?.trim()
if (dsn) {
	const Sentry = await import('@sentry/node')
	Sentry.init({
		dsn,
		environment: process.env.NODE_ENV,
		sendDefaultPii: false,
		includeLocalVariables: false,
		tracesSampleRate: 1,
		integrations: [
			// Never read incoming bodies: forms carry passwords and codes, and the
			// body must reach the router untouched (CSRF check, actions).
			Sentry.httpIntegration({ maxIncomingRequestBodySize: 'none' }),
			// Do not even collect cookies, bodies or query strings for events.
			Sentry.requestDataIntegration({ include: { cookies: false, data: false, query_string: false } }),
		],
		// Every event type leaves through the same scrubber (app/utils/redaction.js):
		// no cookies, credentials, bodies or query strings, no emailed tokens in paths.
		beforeSend: scrubTelemetry,
		beforeSendTransaction: scrubTelemetry,
		beforeSendSpan: scrubTelemetry,
		beforeBreadcrumb: scrubTelemetry,
	})
}
