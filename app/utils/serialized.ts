import { useMemo } from 'react'

/**
 * A value a loader sends to the browser as one JSON string. React Router
 * encodes loader data value by value (turbo-stream: every object, key and
 * number is looked up, deduplicated and written on its own), which is the
 * costly part of a page's hydration data when it holds many small objects,
 * like a page of service cards; one string is one value (the details page's
 * statistics are packed further: `statistics-transfer.ts`). Only for plain
 * JSON data (no dates, no undefined), read back with `useDeserialized`.
 */
export type Serialized<T> = string & { readonly __serialized: T }

export const serialize = <T>(value: T) => JSON.stringify(value) as Serialized<T>

/** The value of a `Serialized`, parsed once per string. */
export function useDeserialized<T>(text: Serialized<T>): T {
	return useMemo(() => JSON.parse(text) as T, [text])
}
