// Decision 0020: the examples' code is read at build time, so the page shows what CI runs.
import { type RouterContextProvider } from 'react-router'
import nodeExample from '../../examples/webhooks/node/server.ts?raw'
import pythonExample from '../../examples/webhooks/python/server.py?raw'
import openApiDocument from '../../docs/openapi.json?raw'
import type { WebhookEventType } from '#app/api/contract/webhook-deliveries'
import { ApiError } from '#app/api/errors'
import { webhookEventExamples } from '#app/api/contract/webhook-events'
import { signingSecretRotationInProgressBody, type SigningSecret } from '#app/api/contract/webhooks'
import { needsIdentityConfirmation } from '#app/api/identity.server'
import { getConfig } from '#app/config.server'
import { getT } from '#app/i18n.server'
import { verifyRegion } from '#app/services/code-region'
import { formatDateTime } from '#app/utils/date-time'
import { getApi } from '#app/context.server'
import { throwIfNotFound } from './load.server'

/** A unit test checks that each path exists. */
export const repositoryPaths = {
	examples: 'tree/main/examples/webhooks',
	node: 'tree/main/examples/webhooks/node',
	python: 'tree/main/examples/webhooks/python',
	openApi: 'blob/main/docs/openapi.json',
} as const

export function repositoryLinks() {
	const base = getConfig().SOURCE_REPOSITORY_URL.replace(/(?<!\/)\/+$/, '')
	return Object.fromEntries(Object.entries(repositoryPaths).map(([name, path]) => [name, `${base}/${path}`])) as {
		[name in keyof typeof repositoryPaths]: string
	}
}

/** One, or two for a day after a rotation (decision 0020); null until this sign-in confirmed its identity (0022). */
export function loadSigningSecrets(
	context: Readonly<RouterContextProvider>,
	serviceId: string,
): Promise<SigningSecret[] | null> {
	return getApi(context)
		.call('listWebhookSigningSecrets', { params: { id: serviceId } })
		.then(
			({ data }) => data,
			(error: unknown) => {
				throwIfNotFound(error)
				if (needsIdentityConfirmation(error)) return null
				throw error
			},
		)
}

/** The API's refusal while the previous secret still signs, in words; null for any other error. */
export function explainRotationRefusal(error: unknown, context: Readonly<RouterContextProvider>): string | null {
	if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'rotation_in_progress') return null
	const body = signingSecretRotationInProgressBody.safeParse(error.body)
	if (!body.success) return null
	return getT(context)('developers:signingSecret.rotate.inOverlap', {
		time: formatDateTime(body.data.previous_expires_at),
	})
}

export const verificationSnippets = { node: verifyRegion(nodeExample), python: verifyRegion(pythonExample) }

/** Null when the event's schema is not in docs/openapi.json. */
export function eventSchemaLine(type: WebhookEventType, document = openApiDocument): number | null {
	const name = `Webhook${type.replace(/(^|_)([a-z])/g, (_: string, __: string, letter: string) => letter.toUpperCase())}Event`
	const index = document.split('\n').findIndex((line) => line.trim() === `"${name}": {`)
	return index < 0 ? null : index + 1
}

export const eventExamples = Object.values(webhookEventExamples).map((body) => ({
	type: body.type,
	example: JSON.stringify(body, null, 2),
	schemaLine: eventSchemaLine(body.type),
}))
