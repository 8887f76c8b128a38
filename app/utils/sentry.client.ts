import * as Sentry from '@sentry/react-router'
import { scrubEnvelope, scrubTelemetry } from './redaction'

// No `before*` hook sees envelope headers or replays; a recording that cannot be scrubbed is not sent.
function scrubbingTransport(options: Parameters<typeof Sentry.makeFetchTransport>[0]) {
	const transport = Sentry.makeFetchTransport(options)
	return {
		...transport,
		send(envelope: Parameters<typeof transport.send>[0]) {
			const scrubbed = scrubEnvelope(envelope)
			return scrubbed ? transport.send(scrubbed) : Promise.resolve({})
		},
	}
}

// Spec point 9.
export function initSentry(dsn: string, environment?: string) {
	Sentry.init({
		dsn,
		environment,
		sendDefaultPii: false,
		transport: scrubbingTransport,
		integrations: [
			Sentry.reactRouterTracingIntegration(),
			Sentry.replayIntegration({
				maskAllText: true,
				maskAllInputs: true,
				blockAllMedia: true,
				// Hidden inputs carry the CSRF token; blocked elements keep no attributes.
				block: ['input[type="hidden"]'],
				// No request or response bodies or headers, for any URL.
				networkDetailAllowUrls: [],
				networkCaptureBodies: false,
				networkRequestHeaders: [],
				networkResponseHeaders: [],
				// Uncompressed, so the transport can scrub recordings (URLs, form actions).
				useCompression: false,
				beforeAddRecordingEvent: scrubTelemetry,
			}),
		],
		tracesSampleRate: 1,
		replaysSessionSampleRate: 0.1,
		replaysOnErrorSampleRate: 1,
		// The same scrubber as the server (app/utils/redaction.js) for every event type.
		beforeSend: scrubTelemetry,
		beforeSendTransaction: scrubTelemetry,
		beforeSendSpan: scrubTelemetry,
		beforeBreadcrumb: scrubTelemetry,
	})
}
