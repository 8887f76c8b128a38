/**
 * Every string the contract describes has a maximum length (issue 52): the mock refuses what is longer, the real
 * API must too, and the portal never has to render an unbounded value. Walks every exported schema through zod's
 * public API and names each path whose string has no `.max()`.
 */
import { expect, test } from 'vitest'
import { z } from 'zod'
import { endpointList } from './endpoints'

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true })

/** The paths under `schema` where a string has no maximum length, or a schema this walk cannot see into. */
function unbounded(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
	if (seen.has(schema)) return []
	const inside = new Set(seen).add(schema)
	const walk = (child: unknown, at: string) => unbounded(child, at, inside)
	if (schema instanceof z.ZodString || schema instanceof z.ZodStringFormat)
		return schema.maxLength === null ? [path] : []
	if (schema instanceof z.ZodObject)
		return Object.entries(schema.shape).flatMap(([key, child]) => walk(child, `${path}.${key}`))
	if (schema instanceof z.ZodArray) return walk(schema.element, `${path}[]`)
	if (schema instanceof z.ZodUnion) return schema.options.flatMap((option, index) => walk(option, `${path}|${index}`))
	if (schema instanceof z.ZodRecord)
		return [...walk(schema.keyType, `${path}{key}`), ...walk(schema.valueType, `${path}{}`)]
	if (schema instanceof z.ZodPipe) return [...walk(schema.in, path), ...walk(schema.out, path)]
	if (
		schema instanceof z.ZodOptional ||
		schema instanceof z.ZodNullable ||
		schema instanceof z.ZodDefault ||
		schema instanceof z.ZodReadonly ||
		schema instanceof z.ZodLazy
	)
		return walk(schema.unwrap(), path)
	const leaves = [z.ZodNumber, z.ZodBoolean, z.ZodEnum, z.ZodLiteral, z.ZodNull, z.ZodTransform, z.ZodFile]
	if (leaves.some((leaf) => schema instanceof leaf)) return []
	return [`${path} (a schema this test cannot walk)`]
}

const exported = Object.entries(modules).flatMap(([file, exports]) =>
	Object.entries(exports)
		.filter(([, value]) => value instanceof z.ZodType)
		.map(([name, schema]) => ({ path: `${file.slice(2, -3)}.${name}`, schema })),
)
const endpointSchemas = endpointList.flatMap((endpoint) => [
	{ path: `${endpoint.name}.request`, schema: endpoint.request },
	{ path: `${endpoint.name}.query`, schema: endpoint.query },
	...Object.entries(endpoint.responses).map(([status, schema]) => ({ path: `${endpoint.name}.${status}`, schema })),
])

test('the walk sees the whole contract', () => {
	expect(exported.length).toBeGreaterThan(100)
	expect(endpointSchemas.filter(({ schema }) => schema).length).toBeGreaterThan(200)
	expect(unbounded(z.object({ a: z.array(z.string().optional()) }), 'probe')).toEqual(['probe.a[]'])
})

test('every string of every schema the contract exports has a maximum length', () => {
	const found = [...exported, ...endpointSchemas]
		.filter(({ schema }) => schema)
		.flatMap(({ path, schema }) => unbounded(schema, path))
	expect(found).toEqual([])
})
