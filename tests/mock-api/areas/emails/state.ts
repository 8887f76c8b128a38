/** The emails the mock "sends": kept for the /__mock/emails hook. */
import { list } from '../../collections'
import type { MockStore } from '../../store'

export type EmailRecord = { to: string; subject: string; text: string; sent_at: number }

export const emailCollections = { emails: list<EmailRecord>() }

export function sendEmail(store: MockStore, to: string, subject: string, text: string) {
	store.data.emails.push({ to, subject, text, sent_at: store.now() })
	store.changed()
}
