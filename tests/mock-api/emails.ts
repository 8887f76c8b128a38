/** What tests read from an email: every absolute link and every 6-digit code. */
const LINK = /https?:\/\/[^\s<>"')\]]+/g
const CODE = /(?<![\w-])\d{6}(?![\w-])/g

export function extractLinks(text: string): string[] {
	return text.match(LINK) ?? []
}

/** 6-digit numbers outside links (so a token inside a URL never looks like a code). */
export function extractCodes(text: string): string[] {
	return text.replace(LINK, ' ').match(CODE) ?? []
}
