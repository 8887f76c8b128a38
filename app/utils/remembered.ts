/**
 * `compute` with its answers kept in a map of at most `limit` entries,
 * emptied when full (the keys in use are soon back). For pure work a hot
 * path repeats with the same few keys: translation lookups, `Intl`
 * formatting, route matching by path. `compute` never answers `undefined`.
 */
export function remembered<K, V extends NonNullable<unknown> | null>(
	compute: (key: K) => V,
	limit: number,
): (key: K) => V {
	const answers = new Map<K, V>()
	return (key) => {
		let answer = answers.get(key)
		if (answer === undefined) {
			if (answers.size >= limit) answers.clear()
			answer = compute(key)
			answers.set(key, answer)
		}
		return answer
	}
}
