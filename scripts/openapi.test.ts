import { readFileSync } from 'node:fs'
import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, test } from 'vitest'
import {
	endpointList,
	partnerEmails,
	webhookEventExamples,
	webhookEventSchemas,
	webhookEventTypeEnum,
	webhookHeaders,
	webhookLimits,
	webhookSignature,
} from '../app/api/contract/index'
import { buildOpenApiDocument, OPENAPI_FILE, renderOpenApi } from './openapi'

/** What the validator takes (the `api` of its last overload), not a file name. */
type OpenApiDocument = Exclude<Parameters<typeof SwaggerParser.validate>[1], string>

type Operation = {
	operationId: string
	security?: Array<Record<string, string[]>>
	parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }>
	requestBody?: { required?: boolean; content: Record<string, { schema: { $ref?: string }; example?: unknown }> }
	responses: Record<string, { description: string; content?: Record<string, unknown> }>
}
type Document = {
	paths: Record<string, Record<string, Operation>>
	webhooks: Record<string, Record<string, Operation>>
	components: Record<string, Record<string, unknown>>
}

const committed = () => JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Document

/** Validates a copy: the validator dereferences what it validates in place. */
const validate = (document: Document) => SwaggerParser.validate(structuredClone(document) as unknown as OpenApiDocument)

describe('docs/openapi.json', () => {
	test('is exactly what scripts/openapi.ts generates from the contract (run `tsx scripts/openapi.ts`)', () => {
		expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi())
	})

	test('a raw file endpoint has an application/octet-stream body, a JSON one application/json', () => {
		const document = buildOpenApiDocument() as {
			paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>
		}
		for (const endpoint of endpointList) {
			const body = document.paths[endpoint.path]![endpoint.method.toLowerCase()]!.requestBody
			if (endpoint.rawRequest) expect(Object.keys(body!.content), endpoint.name).toEqual(['application/octet-stream'])
			else if (endpoint.request) expect(Object.keys(body!.content), endpoint.name).toEqual(['application/json'])
			else expect(body, endpoint.name).toBeUndefined()
		}
		expect(endpointList.filter((endpoint) => endpoint.rawRequest).map((endpoint) => endpoint.name)).toContain(
			'uploadTmpFile',
		)
	})

	test('documents every endpoint, and every $ref resolves', () => {
		const document = buildOpenApiDocument() as {
			paths: Record<string, Record<string, { operationId: string }>>
			components: { schemas: Record<string, unknown> }
		}
		for (const endpoint of endpointList) {
			expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.operationId).toBe(endpoint.name)
		}
		const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!)
		expect(refs.length).toBeGreaterThan(50)
		for (const ref of new Set(refs)) expect(document.components.schemas, ref).toHaveProperty(ref)
	})
})

describe('an independent validator (@apidevtools/swagger-parser)', () => {
	test('finds no error in docs/openapi.json: OpenAPI 3.1 with webhooks, every $ref resolves', async () => {
		const document = committed()
		expect(Object.keys(document.webhooks).length).toBeGreaterThan(0)
		await expect(validate(document)).resolves.toBeTruthy()
	})

	test('does check the webhooks: a broken header parameter or response is reported', async () => {
		const badHeader = committed()
		badHeader.webhooks.ping!.post!.parameters![0]!.in = 'headers'
		await expect(validate(badHeader)).rejects.toThrow('#/webhooks/ping/post/parameters/0/in')
		const noDescription = committed()
		delete (noDescription.webhooks.ping!.post!.responses['2XX'] as { description?: string }).description
		await expect(validate(noDescription)).rejects.toThrow("'description'")
	})
})

describe('components', () => {
	/** `#/components/<kind>/<name>` of every `$ref` in `value`. */
	const refsIn = (value: unknown) =>
		[...JSON.stringify(value).matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)].map(([, kind, name]) => ({
			kind: kind!,
			name: name!,
		}))

	test('no component is unreferenced: each is reached from paths or webhooks (through other components too)', () => {
		const document = buildOpenApiDocument() as Document
		const { securitySchemes = {}, ...referable } = document.components
		const reached = new Set<string>()
		const queue = refsIn({ paths: document.paths, webhooks: document.webhooks })
		for (let ref = queue.pop(); ref; ref = queue.pop()) {
			const key = `${ref.kind}/${ref.name}`
			if (reached.has(key)) continue
			reached.add(key)
			queue.push(...refsIn(referable[ref.kind]?.[ref.name]))
		}
		const unreferenced = Object.entries(referable).flatMap(([kind, entries]) =>
			Object.keys(entries).filter((name) => !reached.has(`${kind}/${name}`)),
		)
		expect(unreferenced).toEqual([])
		expect(Object.keys(referable.schemas ?? {}).length).toBeGreaterThan(50)
		// Security schemes are named by the operations' `security`, not referred to.
		const named = new Set(
			Object.values(document.paths)
				.flatMap((item) => Object.values(item))
				.flatMap((operation) => operation.security ?? [])
				.flatMap((requirement) => Object.keys(requirement)),
		)
		expect(Object.keys(securitySchemes).filter((name) => !named.has(name))).toEqual([])
	})
})

describe('webhooks', () => {
	const document = buildOpenApiDocument() as Document

	test('one POST per event type a partner can receive, with its own body schema and a valid example', () => {
		expect(Object.keys(document.webhooks)).toEqual(webhookEventTypeEnum.options)
		for (const type of webhookEventTypeEnum.options) {
			expect(Object.keys(document.webhooks[type]!), type).toEqual(['post'])
			const body = document.webhooks[type]!.post!.requestBody!
			expect(body.required, type).toBe(true)
			expect(Object.keys(body.content), type).toEqual(['application/json'])
			const { schema, example } = body.content['application/json']!
			const component = schema.$ref!.replace('#/components/schemas/', '')
			expect(document.components.schemas, type).toHaveProperty(component)
			expect(example, type).toEqual(webhookEventExamples[type])
			expect(webhookEventSchemas[type].safeParse(example).success, type).toBe(true)
		}
	})

	test('every webhook carries the three signature headers (required, described) and the delivery headers', () => {
		const signatureHeaders = Object.values(webhookSignature.headers)
		for (const [type, item] of Object.entries(document.webhooks)) {
			const parameters = item.post!.parameters!
			expect(parameters.every((parameter) => parameter.in === 'header' && parameter.required)).toBe(true)
			const names = parameters.map((parameter) => parameter.name)
			expect(names.slice(0, 3), type).toEqual(signatureHeaders)
			const deliveryHeaders = [webhookHeaders.event.toLowerCase(), webhookHeaders.delivery.toLowerCase(), 'user-agent']
			expect(names, type).toEqual(expect.arrayContaining(deliveryHeaders))
			const signature = parameters.find((parameter) => parameter.name === webhookSignature.headers.signature)!
			for (const words of [webhookSignature.version, 'base64', 'Space-separated', webhookSignature.algorithm]) {
				expect(signature.description, type).toContain(words)
			}
			const timestamp = parameters.find((parameter) => parameter.name === webhookSignature.headers.timestamp)!
			expect(timestamp.description, type).toContain(`${webhookSignature.toleranceSeconds} seconds`)
		}
	})

	test('says what to answer: 2xx accepted (the challenge for url_verification), 4xx refused, the rest retried', () => {
		for (const [type, item] of Object.entries(document.webhooks)) {
			const { responses } = item.post!
			expect(Object.keys(responses), type).toEqual(['2XX', '4XX', 'default'])
			if (type === 'url_verification') {
				expect(Object.keys(responses['2XX']!.content!)).toEqual(['text/plain', 'application/json'])
			} else {
				const attempts = webhookLimits.retryBackoffSeconds.length + 1
				expect(responses.default!.description, type).toContain('retried')
				expect(responses.default!.description, type).toContain(`${attempts} attempts in all`)
			}
		}
	})

	test('operation ids are unique across paths and webhooks', () => {
		const ids = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap((item) =>
			Object.values(item).map((operation) => operation.operationId),
		)
		expect(new Set(ids).size).toBe(ids.length)
	})
})

describe('x-emails', () => {
	test('lists every email of the catalogue with its subject, recipient, trigger and link', () => {
		const document = committed() as unknown as { 'x-emails': Record<string, unknown>; info: { description: string } }
		expect(document['x-emails']).toEqual(partnerEmails)
		expect(Object.keys(document['x-emails'])).toEqual(
			expect.arrayContaining(['password_changed', 'client_secret_reset', 'review_dismissed']),
		)
		expect(document.info.description).toContain('`x-emails`')
	})
})
