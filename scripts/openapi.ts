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
 * contract becomes a component named after its export.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import * as contract from '../app/api/contract/index'
import { endpointList, responseSchema, serverErrorBody, type Endpoint } from '../app/api/contract/index'

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

function isSchema(value: unknown): value is z.ZodType {
	return value instanceof z.ZodType
}

/** Drops the long regular expressions zod emits next to `format` (the format says it). */
function override({ jsonSchema }: { jsonSchema: Json }) {
	if (jsonSchema.format === 'date-time' || jsonSchema.format === 'email') delete jsonSchema.pattern
}

const securityOf: Record<Endpoint['auth'], Array<Record<string, string[]>>> = {
	none: [],
	access: [{ accessToken: [] }],
	restricted: [{ restrictedToken: [] }],
	'access-or-restricted': [{ accessToken: [] }, { restrictedToken: [] }],
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
	const converted = z.toJSONSchema(registry, {
		target: 'draft-2020-12',
		io: 'input',
		unrepresentable: 'throw',
		uri: (id) => `#/components/schemas/${id}`,
		override,
	}) as { schemas: Record<string, Json> }
	const schemas: Record<string, Json> = {}
	for (const id of Object.keys(converted.schemas).sort()) {
		const { $schema: _schema, $id: _id, ...rest } = converted.schemas[id]!
		schemas[id] = rest
	}
	const ref = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${ids.get(schema)}` })

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

	return {
		openapi: '3.1.0',
		jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
		info: {
			title: 'Partner API',
			version: '1.0.0',
			description:
				'The partner API as the portal uses it. Generated from app/api/contract by scripts/openapi.ts; do not edit. ' +
				'Lists are cursor-paginated (`?cursor=`, `?per_page=` 1..100, default 15) and answer ' +
				'`{data, meta: {next_cursor}}`; single resources answer `{data}`; validation errors are Laravel-style 422s.',
		},
		servers: [{ url: 'http://127.0.0.1:4010', description: 'Mock API (tests/mock-api)' }],
		tags: [...new Set(endpointList.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
		paths,
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
