// Loaded with `node --import` before anything else, so Sentry can instrument
// the server. Error reporting is on only when SENTRY_DSN is set.
import * as Sentry from '@sentry/react-router'

const dsn = process.env.SENTRY_DSN?.trim()
if (dsn) {
	Sentry.init({
		dsn,
		environment: process.env.NODE_ENV,
		sendDefaultPii: false,
		tracesSampleRate: 1,
		// Never read incoming bodies: forms carry passwords and codes, and the
		// body must reach the router untouched (CSRF check, actions).
		integrations: [Sentry.httpIntegration({ maxIncomingRequestBodySize: 'none' })],
		// Never send request bodies, cookies or query strings: they can hold secrets.
		beforeSend(event) {
			if (event.request) {
				delete event.request.cookies
				delete event.request.data
				delete event.request.query_string
				if (event.request.headers) {
					delete event.request.headers.cookie
					delete event.request.headers.authorization
				}
			}
			return event
		},
	})
}
