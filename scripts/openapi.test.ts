import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { endpointList } from '../app/api/contract/index'
import { buildOpenApiDocument, OPENAPI_FILE, renderOpenApi } from './openapi'

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
