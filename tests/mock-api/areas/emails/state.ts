/**
 * The emails the mock "sends" (the catalogue is `partnerEmails` in app/api/contract/emails.ts): kept for the
 * /__mock/emails hook and the /__mock/inbox page. `locked_sign_in_attempts` are the sign-in attempts refused while
 * an account was locked, until an email has reported them (notices.ts).
 */
import { fillEmailTemplate, partnerEmails, type PartnerEmailKind } from '../../../../app/api/contract/index'
import { list } from '../../collections'
import type { MockStore } from '../../store'
import type { UserRecord } from '../users/state'
import { withoutTrailingSlashes } from '../../http'

export type EmailRecord = { to: string; subject: string; text: string; sent_at: number }

export type LockedAttemptRecord = { user_id: string; at: number; reported_at: number | null }

export const emailCollections = {
	emails: list<EmailRecord>(),
	locked_sign_in_attempts: list<LockedAttemptRecord>(),
}

export function sendEmail(store: MockStore, to: string, subject: string, text: string) {
	store.data.emails.push({ to, subject, text, sent_at: store.now() })
	store.changed()
}

/**
 * Whether `to` is `user`'s own address, verified: only there may an email carry what the account holder typed (a
 * name, a service's name). Anyone may sign up with someone else's address and a name that reads like a link.
 */
export const isVerifiedAddress = (user: UserRecord, to: string) =>
	user.email_verified_at !== null && user.email.toLowerCase() === to.toLowerCase()

/** The greeting of an email to `to` (the account's address by default): by name at a verified address only. */
export const hello = (user: UserRecord, to = user.email) =>
	isVerifiedAddress(user, to) ? `Hello ${user.first_name},\n\n` : 'Hello,\n\n'

/** The emails sent to `to` (any case), or every email without it; oldest first. */
export function emailsTo(store: MockStore, to: string | null | undefined): EmailRecord[] {
	const address = to?.toLowerCase()
	return store.data.emails.filter((email) => !address || email.to.toLowerCase() === address)
}

/** The portal URL of `path` (a path of the portal, e.g. a catalogue link filled in). */
export function portalLink(store: MockStore, path: string) {
	return `${withoutTrailingSlashes(store.config.portalUrl)}${path}`
}

/** The subject of `kind` with its placeholders filled. */
export const emailSubject = (kind: PartnerEmailKind, values: Record<string, string> = {}) =>
	fillEmailTemplate(partnerEmails[kind].subject, values)

/**
 * Sends an email of the catalogue: its subject, `body`, then its link (the catalogue's, filled with `values`)
 * introduced by `linkLabel`.
 */
export function sendCatalogueEmail(
	store: MockStore,
	kind: PartnerEmailKind,
	to: string,
	body: string,
	{ values = {}, linkLabel }: { values?: Record<string, string>; linkLabel: string },
) {
	const link = partnerEmails[kind].link
	const tail = link ? `\n${linkLabel}:\n${portalLink(store, fillEmailTemplate(link, values))}\n` : ''
	sendEmail(store, to, emailSubject(kind, values), `${body}${tail}`)
}
