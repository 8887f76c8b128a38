import * as Sentry from '@sentry/react-router'

/** Browser error reporting (spec point 9: traces 1, replay 0.1, replay on error 1). */
export function initSentry(dsn: string, environment?: string) {
	Sentry.init({
		dsn,
		environment,
		sendDefaultPii: false,
		integrations: [Sentry.reactRouterTracingIntegration(), Sentry.replayIntegration()],
		tracesSampleRate: 1,
		replaysSessionSampleRate: 0.1,
		replaysOnErrorSampleRate: 1,
	})
}
