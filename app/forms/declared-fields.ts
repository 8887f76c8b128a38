import { z } from 'zod'

/** `a.b[0]` → `a`, `b`, `0`. */
export const nameSegments = (name: string) => name.split(/[.[\]]+/).filter(Boolean)
const WRAPPERS = [z.ZodOptional, z.ZodNullable, z.ZodDefault, z.ZodPrefault, z.ZodNonOptional, z.ZodReadonly, z.ZodLazy]

// Containers declare their own name too (conform may post one); `unknown` declares anything below it.
function declares(schema: z.ZodType, segments: readonly string[], at: number): boolean {
	const rest = segments.length - at
	const segment = segments[at] ?? ''
	if (schema instanceof z.ZodObject) {
		const field = Object.hasOwn(schema.shape, segment) ? schema.shape[segment] : schema.def.catchall
		return rest === 0 || (field !== undefined && declares(field as z.ZodType, segments, at + 1))
	}
	if (schema instanceof z.ZodRecord) return rest === 0 || declares(schema.valueType as z.ZodType, segments, at + 1)
	if (schema instanceof z.ZodArray)
		return rest === 0 || (/^\d+$/.test(segment) && declares(schema.element as z.ZodType, segments, at + 1))
	if (schema instanceof z.ZodTuple) {
		const item = schema.def.items[Number(segment)]
		return rest === 0 || (item !== undefined && declares(item as z.ZodType, segments, at + 1))
	}
	for (const Wrapper of WRAPPERS)
		if (schema instanceof Wrapper) return declares(schema.unwrap() as z.ZodType, segments, at)
	if (schema instanceof z.ZodCatch) return declares(schema.removeCatch() as z.ZodType, segments, at)
	// `z.preprocess(f, s)` is a pipe from a transform to `s`; `s.transform(f)` a pipe from `s`.
	if (schema instanceof z.ZodPipe)
		return declares((schema.in instanceof z.ZodTransform ? schema.out : schema.in) as z.ZodType, segments, at)
	if (schema instanceof z.ZodUnion)
		return (schema.options as z.ZodType[]).some((option) => declares(option, segments, at))
	if (schema instanceof z.ZodIntersection)
		return declares(schema.def.left as z.ZodType, segments, at) || declares(schema.def.right as z.ZodType, segments, at)
	if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return true
	if (schema instanceof z.ZodNever) return false
	return rest === 0
}

// What the server reads is what the route declares, not what the client chose to send (decision 0025).
export function declaredFields(form: FormData, schema: z.ZodType): FormData {
	const declared = new FormData()
	for (const [name, value] of form) {
		if (declares(schema, nameSegments(name), 0)) declared.append(name, value)
	}
	return declared
}
