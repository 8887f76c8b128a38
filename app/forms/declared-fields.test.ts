import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { declaredFields, nameSegments } from './declared-fields'
import { signInSchema } from '#app/auth/schemas'
import { protectionsSchema, settingsSchema, translationsSchema } from '#app/routes/services/schemas'

function form(entries: Array<[string, string]>) {
	const data = new FormData()
	for (const [name, value] of entries) data.append(name, value)
	return data
}
const names = (data: FormData) => [...data.keys()]

describe('declaredFields', () => {
	test('keeps the fields a schema declares and drops every other, conform reserved names included', () => {
		const sent = form([
			['email', 'a@b.example'],
			['password', 'secret'],
			['redirect_to', '/services/manage'],
			['__intent__', '{"type":"update","payload":{"name":"zz","index":4294967294}}'],
			['__state__', '{"validated":{}}'],
			['admin', 'true'],
			['email.x', 'nested under a string'],
		])
		expect(names(declaredFields(sent, signInSchema))).toEqual(['email', 'password', 'redirect_to'])
	})

	test('nested objects, preprocessed fields and the version of the translations form', () => {
		const sent = form([
			['translations.en-GB.name', 'Pay'],
			['translations.de-DE.description', 'Zahlen'],
			['translations.xx-XX.name', 'no such locale'],
			['translations.en-GB.name.deeper', 'x'],
			['version', '3'],
			['other', 'x'],
		])
		expect(names(declaredFields(sent, translationsSchema))).toEqual([
			'translations.en-GB.name',
			'translations.de-DE.description',
			'version',
		])
	})

	test('arrays: a repeated name and indexed names, but no name below an element that is a value', () => {
		const sent = form([
			['enabled', 'captcha'],
			['enabled', 'rate_limit'],
			['enabled[2]', 'x'],
			['enabled[x]', 'y'],
			['enabled[0].deeper', 'z'],
		])
		expect(names(declaredFields(sent, protectionsSchema))).toEqual(['enabled', 'enabled', 'enabled[2]'])
	})

	test('the settings form: every declared field, nothing else', () => {
		const fields = Object.keys(settingsSchema.shape)
		const sent = form([...fields.map((name): [string, string] => [name, 'x']), ['id', 'other-service']])
		expect(names(declaredFields(sent, settingsSchema))).toEqual(fields)
	})

	test('unions, intersections, records, a loose object and a transformed schema', () => {
		const union = z.discriminatedUnion('kind', [
			z.object({ kind: z.literal('a'), a: z.string() }),
			z.object({ kind: z.literal('b'), b: z.string() }),
		])
		expect(
			names(
				declaredFields(
					form([
						['kind', 'a'],
						['a', '1'],
						['b', '2'],
						['c', '3'],
					]),
					union,
				),
			),
		).toEqual(['kind', 'a', 'b'])
		const both = z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() }))
		expect(
			names(
				declaredFields(
					form([
						['a', '1'],
						['b', '2'],
						['c', '3'],
					]),
					both,
				),
			),
		).toEqual(['a', 'b'])
		const record = z.object({ labels: z.record(z.string(), z.string()) })
		expect(
			names(
				declaredFields(
					form([
						['labels.x', '1'],
						['labels.y.z', '2'],
					]),
					record,
				),
			),
		).toEqual(['labels.x'])
		const loose = z.looseObject({})
		expect(
			names(
				declaredFields(
					form([
						['anything', '1'],
						['a.b', '2'],
					]),
					loose,
				),
			),
		).toEqual(['anything', 'a.b'])
		const transformed = z
			.object({ a: z.string().optional() })
			.refine(() => true)
			.transform((value) => value)
		expect(
			names(
				declaredFields(
					form([
						['a', '1'],
						['b', '2'],
					]),
					transformed,
				),
			),
		).toEqual(['a'])
		const preprocessed = z.object({ a: z.preprocess((value) => value, z.object({ b: z.string() })) })
		expect(
			names(
				declaredFields(
					form([
						['a.b', '1'],
						['a.c', '2'],
					]),
					preprocessed,
				),
			),
		).toEqual(['a.b'])
	})
})

test('nameSegments reads a name as conform does', () => {
	expect(nameSegments('translations.de-DE.name')).toEqual(['translations', 'de-DE', 'name'])
	expect(nameSegments('enabled[0]')).toEqual(['enabled', '0'])
	expect(nameSegments('[0][1]')).toEqual(['0', '1'])
})
