/**
 * What the developers page shows of webhook signing: the service's signing
 * secrets (decision 0020) and the verification code of the examples in
 * `examples/webhooks`, read at build time from the files themselves — the page
 * shows exactly what the repository runs in CI.
 */
import { type RouterContextProvider } from 'react-router'
import nodeExample from '../../examples/webhooks/node/server.ts?raw'
import pythonExample from '../../examples/webhooks/python/server.py?raw'
import openApiDocument from '../../docs/openapi.json?raw'
import type { WebhookEventType } from '#app/api/contract/webhook-deliveries'
import { ApiError } from '#app/api/errors'
import { webhookEventExamples } from '#app/api/contract/webhook-events'
import { signingSecretRotationInProgressBody, type SigningSecret } from '#app/api/contract/webhooks'
import { needsIdentityConfirmation } from '#app/api/identity.server'
import { signingSecrets } from '#app/api/webhook-deliveries.server'
import { getConfig } from '#app/config.server'
import { getT } from '#app/middleware/i18n.server'
import { verifyRegion } from '#app/services/code-region'
import { formatDateTime } from '#app/utils/date-time'
import { getApi } from '#app/context.server'
import { throwIfNotFound } from './load.server'

/** The paths of this repository the developers page links to (a unit test checks that each exists). */
export const repositoryPaths = {
	examples: 'tree/main/examples/webhooks',
	node: 'tree/main/examples/webhooks/node',
	python: 'tree/main/examples/webhooks/python',
	openApi: 'blob/main/docs/openapi.json',
} as const

/** Those paths in the configured public repository. */
export function repositoryLinks() {
	const base = getConfig().SOURCE_REPOSITORY_URL.replace(/(?<!\/)\/+$/, '')
	return Object.fromEntries(Object.entries(repositoryPaths).map(([name, path]) => [name, `${base}/${path}`])) as {
		[name in keyof typeof repositoryPaths]: string
	}
}

/**
 * The service's live signing secrets, newest first; null while this sign-in has not confirmed its identity (the API
 * shows them only then, decision 0022: the page offers to confirm instead, and has no secret to put in its HTML).
 * Another partner's service is the same 404 as `loadService`.
 */
export function loadSigningSecrets(
	context: Readonly<RouterContextProvider>,
	serviceId: string,
): Promise<SigningSecret[] | null> {
	return signingSecrets(getApi(context), serviceId).catch((error: unknown) => {
		throwIfNotFound(error)
		if (needsIdentityConfirmation(error)) return null
		throw error
	})
}

/** When the API refused a rotation because the previous secret still signs (409 `rotation_in_progress`): until when. */
export function rotationRefusedUntil(error: unknown): string | null {
	if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'rotation_in_progress') return null
	const body = signingSecretRotationInProgressBody.safeParse(error.body)
	return body.success ? body.data.previous_expires_at : null
}

/** The rotate page's words for that refusal, with the time as the page shows times (`explain` of `confirmChange`). */
export const explainRotationRefusal = (context: Readonly<RouterContextProvider>) => (error: unknown) => {
	const until = rotationRefusedUntil(error)
	return until === null
		? null
		: getT(context)('developers:signingSecret.rotate.inOverlap', { time: formatDateTime(until) })
}

/** The verification code of each example, as the developers page shows it. */
export const verificationSnippets = {
	node: verifyRegion(nodeExample),
	python: verifyRegion(pythonExample),
}

/**
 * The line of an event body's schema in docs/openapi.json (`Webhook<Type>Event`, named after its export in the
 * contract), for a link to it (`#L<line>` on the repository's page of the file); null when it is not there.
 */
export function eventSchemaLine(type: WebhookEventType, document = openApiDocument): number | null {
	const name = `Webhook${type.replace(/(^|_)([a-z])/g, (_: string, __: string, letter: string) => letter.toUpperCase())}Event`
	const index = document.split('\n').findIndex((line) => line.trim() === `"${name}": {`)
	return index < 0 ? null : index + 1
}

/** Each event type with its example body, pretty-printed, and the line of its schema in docs/openapi.json. */
export const eventExamples = Object.values(webhookEventExamples).map((body) => ({
	type: body.type,
	example: JSON.stringify(body, null, 2),
	schemaLine: eventSchemaLine(body.type),
}))
