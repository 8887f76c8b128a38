const INDENT = '  '

// Only whitespace between tokens changes: reparsing would round large numbers and drop duplicate keys.
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
			let end = i + 1
			while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1
			out += text.slice(i, end + 1)
			i = end
		} else if (char === '{' || char === '[') {
			const close = char === '{' ? '}' : ']'
			const next = nextToken(text, i + 1)
			if (text[next] === close) {
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

function nextToken(text: string, from: number) {
	let at = from
	while (isJsonSpace(text[at])) at += 1
	return at
}
