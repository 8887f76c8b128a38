import type { z } from 'zod'

type Schema = z.core.$ZodType

/** The segments of a field name as conform reads it: `a.b[0]` → `a`, `b`, `0`. */
export const nameSegments = (name: string) => name.split(/[.[\]]+/).filter(Boolean)
/** The parts of zod's schema definitions this module walks (zod 4's `_zod.def`). */
type Def = {
	type: string
	shape?: Record<string, Schema>
	catchall?: Schema
	innerType?: Schema
	in?: Schema
	out?: Schema
	options?: readonly Schema[]
	left?: Schema
	right?: Schema
	element?: Schema
	valueType?: Schema
	items?: readonly Schema[]
	getter?: () => Schema
}

/**
 * Whether `schema` declares the field at `segments` (a name as conform reads it: `translations.de-DE.name`,
 * `enabled[0]`). Containers declare their own name too (conform may post one), and `unknown` declares anything
 * below it (a loose object's extra keys).
 */
function declares(schema: Schema, segments: readonly string[], at: number): boolean {
	const def = schema._zod.def as unknown as Def
	const rest = segments.length - at
	switch (def.type) {
		case 'object': {
			if (rest === 0) return true
			const key = segments[at]!
			const field = Object.hasOwn(def.shape!, key) ? def.shape![key] : def.catchall
			return field !== undefined && declares(field, segments, at + 1)
		}
		case 'record':
			return rest === 0 || declares(def.valueType!, segments, at + 1)
		case 'array':
			return rest === 0 || (/^\d+$/.test(segments[at]!) && declares(def.element!, segments, at + 1))
		case 'tuple':
			return rest === 0 || declares(def.items![Number(segments[at])] ?? neverSchema, segments, at + 1)
		case 'optional':
		case 'nullable':
		case 'default':
		case 'prefault':
		case 'catch':
		case 'readonly':
		case 'nonoptional':
			return declares(def.innerType!, segments, at)
		case 'pipe':
			// `z.preprocess(f, s)` is a pipe from a transform to `s`; `s.transform(f)` a pipe from `s`.
			return declares(def.in!._zod.def.type === 'transform' ? def.out! : def.in!, segments, at)
		case 'union':
			return def.options!.some((option) => declares(option, segments, at))
		case 'intersection':
			return declares(def.left!, segments, at) || declares(def.right!, segments, at)
		case 'lazy':
			return declares(def.getter!(), segments, at)
		case 'unknown':
		case 'any':
			return true
		case 'never':
			return false
		default:
			// A value: a string, a number, an enum, a file…
			return rest === 0
	}
}

const neverSchema = { _zod: { def: { type: 'never' } } } as unknown as Schema

/**
 * The submission a form's schema is given: only the fields it declares, in the order they were sent. Anything
 * else the browser sent (an extra field, a name the schema has no place for) never reaches conform or zod, so
 * what the server reads is what the route declares, not what the client chose to send.
 */
export function declaredFields(form: FormData, schema: Schema): FormData {
	const declared = new FormData()
	for (const [name, value] of form) {
		if (declares(schema, nameSegments(name), 0)) declared.append(name, value)
	}
	return declared
}
