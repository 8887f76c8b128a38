const INDENT = '  '

/**
 * A JSON text laid out for reading (two spaces per level, one member or item
 * per line), or null when `text` is not JSON. Only the whitespace between
 * tokens changes: every string, number and key is kept exactly as written, so
 * a large id, `1.0` or an escaped character reads as it was sent (parsing and
 * stringifying again would round numbers and drop duplicate keys).
 */
export function prettyJson(text: string): string | null {
	try {
		JSON.parse(text)
	} catch {
		return null
	}
	let out = ''
	let depth = 0
	const newline = () => `\n${INDENT.repeat(depth)}`
	for (let i = 0; i < text.length; i++) {
		const char = text[i]!
		if (char === '"') {
			// A string token, escapes and all, as written.
			let end = i + 1
			while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1
			out += text.slice(i, end + 1)
			i = end
		} else if (char === '{' || char === '[') {
			const close = char === '{' ? '}' : ']'
			const next = nextToken(text, i + 1)
			if (text[next] === close) {
				// An empty object or array stays on one line.
				out += char + close
				i = next
			} else {
				depth += 1
				out += char + newline()
			}
		} else if (char === '}' || char === ']') {
			depth -= 1
			out += newline() + char
		} else if (char === ',') {
			out += char + newline()
		} else if (char === ':') {
			out += ': '
		} else if (!isJsonSpace(char)) {
			out += char
		}
	}
	return out
}

const isJsonSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r'

/** The index of the first character at or after `from` that is not JSON whitespace. */
function nextToken(text: string, from: number) {
	let at = from
	while (isJsonSpace(text[at])) at += 1
	return at
}
