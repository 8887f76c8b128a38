/** An email as the /__mock/emails hook shows it: with every absolute link and every 6-digit code. */
import type { MockStore } from '../../store'
import type { EmailRecord } from './state'

export const LINK = /https?:\/\/[^\s<>"')\]]+/g
const CODE = /(?<![\w-])\d{6}(?![\w-])/g

export function extractLinks(text: string): string[] {
	return text.match(LINK) ?? []
}

/** 6-digit numbers outside links (so a token inside a URL never looks like a code). */
export function extractCodes(text: string): string[] {
	return text.replace(LINK, ' ').match(CODE) ?? []
}

export type MockEmail = { to: string; subject: string; text: string; codes: string[]; links: string[]; sent_at: string }

export function presentEmail(store: MockStore, email: EmailRecord): MockEmail {
	return {
		to: email.to,
		subject: email.subject,
		text: email.text,
		codes: extractCodes(email.text),
		links: extractLinks(email.text),
		sent_at: store.clock.iso(email.sent_at),
	}
}
