/**
 * Generates docs/openapi.json (OpenAPI 3.1) from the zod contract in
 * app/api/contract with zod's own `z.toJSONSchema` — never edit the JSON by hand.
 *
 *   tsx scripts/openapi.ts           write docs/openapi.json
 *   tsx scripts/openapi.ts --check   exit 1 when docs/openapi.json is stale
 *
 * Choices (docs/decisions/0003-api-contract.md): JSON Schema draft 2020-12 (the
 * dialect of OpenAPI 3.1), the *input* side of every schema (objects stay open to
 * extra properties, as the client tolerates them), every exported schema of the
 * contract is named after its export, and only the components that `paths` or
 * `webhooks` refer to (directly or through other components) are emitted.
 * `webhooks` is what a service's webhook URL receives: one entry per event type
 * (`webhookEventSchemas`), signed the Standard Webhooks way (`webhookSignature`). `x-emails` documents the
 * emails the API sends (`partnerEmails`): subject, recipient, trigger and the portal page each links to.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import * as contract from '../app/api/contract/index'
import {
	endpointList,
	partnerEmails,
	responseSchema,
	serverErrorBody,
	webhookChallengeAnswer,
	webhookEventExamples,
	webhookEventSchemas,
	webhookEventTypeEnum,
	webhookHeaders,
	webhookLimits,
	webhookSignature,
	type Endpoint,
	type WebhookEventType,
} from '../app/api/contract/index'

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json')

type Json = Record<string, unknown>

const STATUS_TEXT: Record<number, string> = {
	200: 'OK',
	201: 'Created',
	202: 'Accepted',
	204: 'No Content',
	400: 'The body is not a JSON object',
	401: 'Unauthenticated: missing, unknown, expired or revoked token',
	403: 'Two-step authentication required: a restricted token was used',
	404: "Not found (also: another user's resource)",
	405: 'Method not allowed',
	413: 'Body too large',
	422: 'Validation failed (Laravel shape)',
	423: 'Account locked',
	429: 'Too many attempts; see Retry-After',
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)
/** `countryEnum` → `Country`, `userResource` → `UserResource`. */
const componentName = (exportName: string) => pascal(exportName.replace(/Enum$/, ''))

/** `password_changed_to_random_string` → `PasswordChangedToRandomString`. */
const pascalOfSnake = (name: string) => name.split('_').map(pascal).join('')
const camelOfSnake = (name: string) => name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())

const SCHEMA_REF = '#/components/schemas/'

/** The component names `value` refers to with `$ref`. */
const schemaRefs = (value: unknown) =>
	[...JSON.stringify(value).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!)

/** The components `roots` refer to, directly or through other components. */
function referencedSchemas(roots: unknown, schemas: Record<string, Json>): Set<string> {
	const seen = new Set<string>()
	const queue = schemaRefs(roots)
	for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
		if (seen.has(id)) continue
		seen.add(id)
		queue.push(...schemaRefs(schemas[id]))
	}
	return seen
}

function isSchema(value: unknown): value is z.ZodType {
	return value instanceof z.ZodType
}

/**
 * Drops the long regular expressions zod emits next to `format` (the format says it), also from a described
 * copy of a component (`isoDateTime.describe(…)`: a `$ref` to the component, which has the format).
 */
function override({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Json }) {
	const formatted =
		jsonSchema.format === 'date-time' ||
		jsonSchema.format === 'email' ||
		zodSchema instanceof z.ZodISODateTime ||
		zodSchema instanceof z.ZodEmail
	if (formatted) delete jsonSchema.pattern
}

const securityOf: Record<Endpoint['auth'], Array<Record<string, string[]>>> = {
	none: [],
	access: [{ accessToken: [] }],
	restricted: [{ restrictedToken: [] }],
	'access-or-restricted': [{ accessToken: [] }, { restrictedToken: [] }],
}

// ---------------------------------------------------------------------------
// Webhooks: what a service's webhook URL receives
// ---------------------------------------------------------------------------

const STANDARD_WEBHOOKS_URL = 'https://www.standardwebhooks.com/'
const { headers: signatureHeaders, version: signatureVersion } = webhookSignature

/** `60` → `1 min`, `7200` → `2 h`. */
const duration = (seconds: number) =>
	seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`

const WEBHOOKS_DESCRIPTION =
	"`webhooks`: what a service's webhook URL receives, one `POST` per event, with a JSON body and these headers: " +
	`\`${signatureHeaders.id}\`, \`${signatureHeaders.timestamp}\` and \`${signatureHeaders.signature}\` (the ` +
	`[Standard Webhooks](${STANDARD_WEBHOOKS_URL}) signature: ${webhookSignature.algorithm}, base64, ` +
	`\`${signatureVersion}\`), \`${webhookHeaders.event.toLowerCase()}\`, \`${webhookHeaders.delivery.toLowerCase()}\` ` +
	`and \`user-agent: ${webhookHeaders.userAgent}\`. Any Standard Webhooks library verifies the signature with the ` +
	`service's signing secret (\`${webhookSignature.secretPrefix}…\`), e.g. \`new Webhook(secret).verify(body, ` +
	'headers)` of the `standardwebhooks` npm package; `x-webhook-signature` sums the scheme up.'

const RETRIES =
	`A failed attempt is retried ${webhookLimits.retryBackoffSeconds.map(duration).join(', ')} after the one ` +
	`before (${webhookLimits.retryBackoffSeconds.length + 1} attempts in all), signed anew each time; the event's ` +
	`id stays the same. After ${webhookLimits.failingAfter} failed attempts in a row the portal shows the endpoint ` +
	'as failing.'

const EMAILS_DESCRIPTION =
	"`x-emails`: the emails the API sends, by kind: `subject` (`{service}` is the service's name), `to` (the " +
	"account's address, the address being confirmed, the one it replaces, or the partner team's), `when` (what sends " +
	"it, in the same step as the change) and `link`: the portal page it links to, a path of the portal's URL " +
	'(`{service_id}`, `{token}` filled in), or null.'

/** The headers of every webhook request of `type` (`content-type: application/json` is the request body's). */
function webhookParameters(type: WebhookEventType): Json[] {
	const example = webhookEventExamples[type]
	const header = (name: string, description: string, schema: Json, exampleValue?: unknown): Json => ({
		name,
		in: 'header',
		required: true,
		description,
		schema,
		...(exampleValue === undefined ? {} : { example: exampleValue }),
	})
	return [
		header(
			signatureHeaders.id,
			"The event's id, `id` in the body: the same on every attempt and redelivery, so deduplicate by it. Signed.",
			{ type: 'string' },
			example.id,
		),
		header(
			signatureHeaders.timestamp,
			'Unix seconds when this attempt was signed. Signed. Refuse the request (4xx) when it is more than ' +
				`${webhookSignature.toleranceSeconds} seconds away from your clock, either way: a replay.`,
			{ type: 'string', pattern: '^[0-9]+$' },
			String(Math.floor(Date.parse(example.created_at) / 1000)),
		),
		header(
			signatureHeaders.signature,
			`Space-separated signatures, each \`${signatureVersion},<signature>\`: the base64 ` +
				`${webhookSignature.algorithm} of \`<${signatureHeaders.id}>.<${signatureHeaders.timestamp}>.<raw body>\` ` +
				`keyed with the signing secret's bytes (the base64 after \`${webhookSignature.secretPrefix}\`). One per ` +
				`live signing secret: two for ${duration(webhookSignature.rotationOverlapSeconds)} after a rotation. ` +
				'Accept the request when any one matches, compared in constant time; skip other versions than ' +
				`\`${signatureVersion}\`; refuse it (4xx) when none matches. Any Standard Webhooks library does all ` +
				'this, the timestamp check included.',
			{ type: 'string' },
		),
		header(
			webhookHeaders.event.toLowerCase(),
			'The event type, `type` in the body. Not signed: act on the verified body.',
			{ type: 'string', const: type },
			type,
		),
		header(
			webhookHeaders.delivery.toLowerCase(),
			type === 'url_verification'
				? 'The endpoint check, as the portal shows it. Not signed.'
				: 'The delivery, as the delivery log shows it: the same on every retry of it; a redelivery has its own. ' +
						'Not signed.',
			{ type: 'string' },
		),
		header('user-agent', 'Who sends the request.', { type: 'string', const: webhookHeaders.userAgent }),
	]
}

/** The answers a webhook endpoint gives to `type`, and what each makes of the delivery. */
function webhookResponses(type: WebhookEventType, ref: (schema: z.ZodType) => Json): Record<string, Json> {
	const timeout = `within ${webhookLimits.timeoutSeconds} seconds`
	const wrongSignature =
		`Refused: the signature does not verify, or \`${signatureHeaders.timestamp}\` is more than ` +
		`${webhookSignature.toleranceSeconds} seconds away.`
	if (type === 'url_verification') {
		return {
			'2XX': {
				description:
					`The check passes when the correctly signed request gets a 2xx ${timeout} whose body is ` +
					'`data.challenge` itself, or JSON `{"challenge": <it>}`.',
				content: {
					'text/plain': { schema: { type: 'string' }, example: webhookEventExamples[type].data.challenge },
					'application/json': {
						schema: ref(webhookChallengeAnswer),
						example: { challenge: webhookEventExamples[type].data.challenge },
					},
				},
			},
			'4XX': {
				description: `${wrongSignature} The check expects a 4xx to its second request, signed wrongly.`,
			},
			default: {
				description: 'Anything else (a redirect is not followed) fails the check. A check is never retried.',
			},
		}
	}
	return {
		'2XX': {
			description:
				`Accepted: the delivery is \`delivered\`, with no more attempts. Answer ${timeout} (do slow work after ` +
				`answering); the first ${webhookLimits.responseBodyBytes} bytes of the answer are kept in the delivery log.`,
		},
		'4XX': { description: `${wrongSignature} A failed attempt, like any answer other than a 2xx. ${RETRIES}` },
		default: {
			description: `Any other answer (a 3xx too: redirects are not followed), or none ${timeout}: a failed attempt. ${RETRIES}`,
		},
	}
}

/** The `post` of one event type in `webhooks`. */
function webhookOperation(type: WebhookEventType, ref: (schema: z.ZodType) => Json): Json {
	const schema = webhookEventSchemas[type]
	const { title, description } = schema.meta() ?? {}
	return {
		operationId: `${camelOfSnake(type)}Webhook`,
		summary: title,
		description,
		parameters: webhookParameters(type),
		requestBody: {
			required: true,
			content: { 'application/json': { schema: ref(schema), example: webhookEventExamples[type] } },
		},
		responses: webhookResponses(type, ref),
	}
}

export function buildOpenApiDocument(): Json {
	const registry = z.registry<{ id: string }>()
	const ids = new Map<z.ZodType, string>()
	const register = (schema: z.ZodType, id: string) => {
		if (ids.has(schema)) return
		ids.set(schema, id)
		registry.add(schema, { id })
	}
	const queries = new Set<z.ZodType>(endpointList.flatMap((endpoint) => (endpoint.query ? [endpoint.query] : [])))
	for (const [name, value] of Object.entries(contract).sort(([a], [b]) => a.localeCompare(b))) {
		if (isSchema(value) && !queries.has(value)) register(value, componentName(name))
	}
	// Schemas written inline in the endpoint table get a name from their place.
	for (const endpoint of endpointList) {
		if (endpoint.request) register(endpoint.request, `${pascal(endpoint.name)}Request`)
		for (const [status, schema] of Object.entries(endpoint.responses)) {
			if (schema) register(schema, `${pascal(endpoint.name)}${status}Response`)
		}
	}
	const eventTypes = webhookEventTypeEnum.options
	for (const type of eventTypes) register(webhookEventSchemas[type], `Webhook${pascalOfSnake(type)}Event`)
	const converted = z.toJSONSchema(registry, {
		target: 'draft-2020-12',
		io: 'input',
		unrepresentable: 'throw',
		uri: (id) => `${SCHEMA_REF}${id}`,
		override,
	}) as { schemas: Record<string, Json> }
	const allSchemas: Record<string, Json> = {}
	for (const [id, schema] of Object.entries(converted.schemas)) {
		const { $schema: _schema, $id: _id, ...rest } = schema
		allSchemas[id] = rest
	}
	const ref = (schema: z.ZodType) => ({ $ref: `${SCHEMA_REF}${ids.get(schema)}` })

	const paths: Record<string, Record<string, Json>> = {}
	for (const endpoint of endpointList) {
		const parameters: Json[] = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
			name,
			in: 'path',
			required: true,
			schema: { type: 'string' },
		}))
		if (endpoint.query) {
			const query = z.toJSONSchema(endpoint.query, { target: 'draft-2020-12', io: 'input', override }) as {
				properties?: Record<string, Json>
				required?: string[]
			}
			for (const [name, schema] of Object.entries(query.properties ?? {})) {
				const { description, ...rest } = schema
				parameters.push({
					name,
					in: 'query',
					required: query.required?.includes(name) ?? false,
					...(description ? { description } : {}),
					schema: rest,
				})
			}
		}
		const responses: Record<string, Json> = {}
		for (const status of Object.keys(endpoint.responses)
			.map(Number)
			.sort((a, b) => a - b)) {
			const schema = responseSchema(endpoint, status)
			const response: Json = { description: STATUS_TEXT[status] ?? String(status) }
			if (schema) response.content = { 'application/json': { schema: ref(schema) } }
			if (status === 429) {
				response.headers = {
					'Retry-After': { description: 'Seconds until a retry is allowed.', schema: { type: 'integer' } },
				}
			}
			responses[String(status)] = response
		}
		responses['5XX'] = {
			description: 'Server error',
			content: { 'application/json': { schema: ref(serverErrorBody) } },
		}
		const limit = endpoint.rateLimit
		const description = [
			endpoint.description,
			limit &&
				`At most ${limit.max} calls ${limit.per === 'email' ? 'naming one `email`' : 'per partner'} in any ` +
					`${limit.windowSeconds} seconds (refused calls do not ` +
					'count); then 429 `too_many_attempts` with `Retry-After`.',
		]
			.filter(Boolean)
			.join('\n\n')
		const operation: Json = {
			operationId: endpoint.name,
			summary: endpoint.summary,
			...(description ? { description } : {}),
			tags: [endpoint.tag],
			security: securityOf[endpoint.auth],
			'x-auth': endpoint.auth,
			...(limit
				? { 'x-rate-limit': { max: limit.max, window_seconds: limit.windowSeconds, per: limit.per ?? 'partner' } }
				: {}),
			...(parameters.length ? { parameters } : {}),
			...(endpoint.request
				? { requestBody: { required: true, content: { 'application/json': { schema: ref(endpoint.request) } } } }
				: {}),
			...(endpoint.rawRequest
				? {
						requestBody: {
							required: true,
							description: endpoint.rawRequest.description,
							content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: '*/*' } } },
						},
					}
				: {}),
			responses,
		}
		;(paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation
	}

	const webhooks: Record<string, Record<string, Json>> = {}
	for (const type of eventTypes) webhooks[type] = { post: webhookOperation(type, ref) }

	// Only what `paths` and `webhooks` use: an exported schema nothing refers to is no component.
	const used = referencedSchemas({ paths, webhooks }, allSchemas)
	const schemas: Record<string, Json> = {}
	for (const id of [...used].sort()) schemas[id] = allSchemas[id]!

	return {
		openapi: '3.1.0',
		jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
		info: {
			title: 'Partner API',
			version: '1.0.0',
			description:
				'The partner API as the portal uses it. Generated from app/api/contract by scripts/openapi.ts; do not edit. ' +
				'Lists are cursor-paginated (`?cursor=`, `?per_page=` 1..100, default 15) and answer ' +
				'`{data, meta: {next_cursor}}`; single resources answer `{data}`; validation errors are Laravel-style 422s.' +
				'\n\n' +
				WEBHOOKS_DESCRIPTION +
				'\n\n' +
				EMAILS_DESCRIPTION,
		},
		servers: [{ url: 'http://127.0.0.1:4010', description: 'Mock API (tests/mock-api)' }],
		tags: [...new Set(endpointList.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
		paths,
		webhooks,
		'x-webhook-signature': {
			specification: STANDARD_WEBHOOKS_URL,
			headers: webhookSignature.headers,
			algorithm: webhookSignature.algorithm,
			version: webhookSignature.version,
			secret_prefix: webhookSignature.secretPrefix,
			tolerance_seconds: webhookSignature.toleranceSeconds,
		},
		'x-emails': partnerEmails,
		components: {
			schemas,
			securitySchemes: {
				accessToken: {
					type: 'http',
					scheme: 'bearer',
					description: 'The access token of a complete sign-in.',
				},
				restrictedToken: {
					type: 'http',
					scheme: 'bearer',
					description: 'The restricted access token of the password step (two-step accounts), valid 10 minutes.',
				},
			},
		},
	}
}

/** The file's exact text. */
export function renderOpenApi(): string {
	return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
	const text = renderOpenApi()
	if (process.argv.includes('--check')) {
		let current = ''
		try {
			current = readFileSync(OPENAPI_FILE, 'utf8')
		} catch {
			// missing counts as stale
		}
		if (current !== text) {
			console.error(`${path.relative(process.cwd(), OPENAPI_FILE)} is stale: run \`tsx scripts/openapi.ts\``)
			process.exit(1)
		}
		console.log(`${path.relative(process.cwd(), OPENAPI_FILE)} is up to date`)
	} else {
		writeFileSync(OPENAPI_FILE, text)
		console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`)
	}
}
