/**
 * A collection is one top-level key of the mock's JSON state, owned by one
 * area. It knows its empty value (a snapshot without it starts there) and
 * the container shape a snapshot must have for it (records are not checked
 * field by field).
 */
import { z } from 'zod'

export type Collection<T> = { empty: () => T; shape: z.ZodType }

const record = z.looseObject({})

/** An array of records. */
export function list<T>(): Collection<T[]> {
	return { empty: () => [], shape: z.array(record) }
}

/** Records by key. */
export function table<T>(): Collection<Record<string, T>> {
	return { empty: () => ({}), shape: z.record(z.string(), record) }
}

/** The data type of a set of collections. */
export type CollectionData<C extends Record<string, Collection<unknown>>> = {
	[K in keyof C]: ReturnType<C[K]['empty']>
}
