/**
 * Services part 2: the protection catalogue, domain checks against the mock's
 * DNS records and .well-known files (set by the /__mock hooks), review
 * transitions with their history, and daily statistics (seeded, or set by a
 * hook). docs/decisions/0013-services-part-2.md.
 */
import {
	domainOf,
	domainProof,
	reviewChecklistKeyEnum,
	reviewTransition,
	reviewTransitionMessage,
	securityProtectionKeyEnum,
	serviceLimits,
	type ReviewAction,
	type ReviewActor,
	type ReviewChecklistKey,
	type SecurityProtection,
	type ServiceReviewStatus,
	type StatisticsDay,
} from '../../../../app/api/contract/index'
import { list, table } from '../../collections'
import { sha256 } from '../../crypto'
import { validationFailed } from '../../http'
import type { MockStore } from '../../store'
import { newDomainToken, type DomainCheckRecord, type ServiceRecord } from '../services/state'

const DAY_MS = 24 * 60 * 60 * 1000

export const SECURITY_PROTECTIONS: SecurityProtection[] = [
	{
		key: 'password_randomised',
		event: 'password_changed_to_random_string',
		title: 'Replace the password',
		explanation:
			'After you use the emergency button, your password for this service is replaced with a random one, so ' +
			'nobody can sign in with the old password. You choose a new one later with a reset link.',
	},
	{
		key: 'sessions_revoked',
		event: 'password_changed_to_random_string',
		title: 'Sign out everywhere',
		explanation: 'After you use the emergency button, you are signed out of this service on every device and browser.',
	},
	{
		key: 'linked_account_disconnected',
		event: 'password_changed_to_random_string',
		title: 'Disconnect the linked account',
		explanation:
			'After you use the emergency button, this service is no longer linked to your account. You connect it ' +
			'again when you are safe.',
	},
]

export type ReviewEventRecord = {
	service_id: string
	status: ServiceReviewStatus
	reason: string | null
	actor: ReviewActor
	at: number
}

export type StatisticsRecord = { service_id: string; days: StatisticsDay[] }

export type DnsRecord = { name: string; type: string; value: string; created_at: number }
export type WellKnownRecord = { url: string; content: string; status: number; created_at: number }

export const serviceSectionCollections = {
	service_review_events: list<ReviewEventRecord>(),
	/** Daily numbers set by `PUT /__mock/services/:id/stats`, by service id (otherwise seeded). */
	service_statistics: table<StatisticsRecord>(),
	/** The DNS the domain verifier sees (`/__mock/dns`). */
	mock_dns_records: list<DnsRecord>(),
	/** The files the domain verifier fetches (`/__mock/well-known`). */
	mock_well_known_files: list<WellKnownRecord>(),
}

// ---------------------------------------------------------------------------
// Security protections
// ---------------------------------------------------------------------------

/** Sets the enabled protections: `enabled(key)` for each key of the catalogue, in its order. */
export function setProtections(
	store: MockStore,
	service: ServiceRecord,
	enabled: (key: (typeof securityProtectionKeyEnum.options)[number], current: boolean) => boolean,
) {
	const current = new Map(service.security_protections.map((entry) => [entry.key, entry.enabled]))
	service.security_protections = securityProtectionKeyEnum.options.map((key) => ({
		key,
		enabled: enabled(key, current.get(key) ?? false),
	}))
	sectionChanged(store, service)
}

/** A change of a section: `updated_at` moves, `version` (which guards the settings form) does not. */
export function sectionChanged(store: MockStore, service: ServiceRecord) {
	service.updated_at = store.now()
	store.changed()
}

// ---------------------------------------------------------------------------
// Domain verification
// ---------------------------------------------------------------------------

/** A DNS name as compared: lower case, no trailing dot. */
export const normalizeDnsName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '')

/** A URL as compared (`new URL().href`), or the trimmed text when it is not one. */
export function normalizeUrl(url: string) {
	try {
		return new URL(url.trim()).href
	} catch {
		return url.trim()
	}
}

/** The first line of a body: trailing whitespace removed, at most `fileFirstLineMax` characters. */
export const firstLine = (content: string) =>
	(content.split(/\r?\n/, 1)[0] ?? '').trimEnd().slice(0, serviceLimits.fileFirstLineMax)

/** Checks both ways now on `domain` (the service's, see `domainOf`); records the findings and the outcome. */
export function checkDomain(store: MockStore, service: ServiceRecord, domain: string): DomainCheckRecord {
	const dnsName = domainProof.dnsName(domain)
	const dnsFound = store.data.mock_dns_records
		.filter((record) => record.type === 'TXT' && record.name === dnsName)
		.map((record) => record.value)
	const url = normalizeUrl(domainProof.fileUrl(domain))
	const file = store.data.mock_well_known_files.find((candidate) => candidate.url === url)
	const check: DomainCheckRecord = {
		checked_at: store.now(),
		dns_found: dnsFound,
		// No file served: the website answers 404 without a body.
		file_status: file ? file.status : 404,
		file_first_line: file ? firstLine(file.content) : null,
	}
	const verification = service.domain_verification
	verification.last_check = check
	if (checkMatches(verification.token, check).any) {
		verification.status = 'verified'
		verification.verified_at = check.checked_at
	} else {
		verification.status = 'failed'
		verification.verified_at = null
	}
	sectionChanged(store, service)
	return check
}

/** Whether each way proves `token`. */
export function checkMatches(token: string, check: DomainCheckRecord) {
	const dns = check.dns_found.includes(domainProof.dnsValue(token))
	const file = check.file_status === 200 && check.file_first_line === token
	return { dns, file, any: dns || file }
}

/** A new token; the old one proves nothing any more; unverified, no findings. */
export function resetDomainVerification(store: MockStore, service: ServiceRecord) {
	service.domain_verification = { token: newDomainToken(), status: 'unverified', verified_at: null, last_check: null }
	sectionChanged(store, service)
}

/**
 * After an update of the service: a website on another domain (or none) starts the verification again. The
 * review is left as it is, whatever changed: the checklist is a precondition of submitting, and a reviewer
 * looks at the service as it is when they look.
 */
export function afterServiceUpdate(store: MockStore, service: ServiceRecord, previousWebsiteUrl: string | null) {
	if (domainOf(previousWebsiteUrl) !== domainOf(service.website_url)) resetDomainVerification(store, service)
}

// ---------------------------------------------------------------------------
// Review
// ---------------------------------------------------------------------------

/** Each checklist item, in order, and whether it is met. */
export function reviewChecklist(service: ServiceRecord): Array<{ key: ReviewChecklistKey; done: boolean }> {
	const done: Record<ReviewChecklistKey, boolean> = {
		domain_verified: service.domain_verification.status === 'verified',
		logo_set: service.logo !== null,
		website_url_set: service.website_url !== null,
		webhook_url_set: service.webhook_url !== null,
		authorization_url_set: service.authorization_url !== null,
		// The service's own name and description are its en-GB translation: it exists once both are set.
		en_gb_translation: service.description !== null,
	}
	return reviewChecklistKeyEnum.options.map((key) => ({ key, done: done[key] }))
}

/** The history of a service's review, oldest first. */
export const reviewEvents = (store: MockStore, serviceId: string) =>
	store.data.service_review_events.filter((event) => event.service_id === serviceId)

/**
 * Moves the review by the state table, or throws 422 `transition_not_allowed`
 * on `status`. A verified review makes the service live.
 */
export function transitionReview(
	store: MockStore,
	service: ServiceRecord,
	action: ReviewAction,
	actor: ReviewActor,
	reason: string | null = null,
	at = store.now(),
) {
	const to = reviewTransition(action, service.review.status)
	if (!to) {
		throw validationFailed(
			{ status: [reviewTransitionMessage(action, service.review.status)] },
			{ code: 'transition_not_allowed' },
		)
	}
	const kept = to === 'dismissed' ? reason : null
	service.review = { status: to, reason: kept, updated_at: at }
	if (to === 'verified') service.environment = 'live'
	store.data.service_review_events.push({ service_id: service.id, status: to, reason: kept, actor, at })
	sectionChanged(store, service)
}

// ---------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------

/** `YYYY-MM-DD` (UTC) of an epoch-ms time. */
export const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10)

/** The `days` dates ending today (mock clock, UTC), oldest first. */
export function lastDays(store: MockStore, days: number): string[] {
	const today = Date.parse(`${isoDay(store.now())}T00:00:00.000Z`)
	return Array.from({ length: days }, (_, index) => isoDay(today - (days - 1 - index) * DAY_MS))
}

/** A number in [0, 1) from a seed string. */
const unit = (seed: string) => parseInt(sha256(seed).slice(0, 12), 16) / 2 ** 48

/**
 * The seeded numbers of one day: a live service has users from the day it was
 * created (a base level per service, a weekend dip, noise); a test service has none.
 */
export function seededDay(service: ServiceRecord, date: string): StatisticsDay {
	if (service.environment !== 'live' || date < isoDay(service.created_at))
		return { date, active_users: 0, new_users: 0, nukes: 0 }
	const base = 40 + Math.floor(unit(`${service.id}:base`) * 360)
	const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay()
	const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1
	const active = Math.round(base * weekend * (0.85 + 0.3 * unit(`${service.id}:${date}:active`)))
	// About 1 % of a day's users are new: over 90 days fewer people join than the period's distinct active users.
	const newUsers = Math.min(active, Math.floor(unit(`${service.id}:${date}:new`) * (base / 40)))
	const roll = unit(`${service.id}:${date}:nukes`)
	const nukes = roll < 0.03 ? 2 : roll < 0.18 ? 1 : 0
	return { date, active_users: active, new_users: newUsers, nukes }
}

/** The numbers of the last `days` days: those set by the hook (others zero), else the seeded ones. */
export function statistics(store: MockStore, service: ServiceRecord, days: number) {
	const set = store.data.service_statistics[service.id]
	const byDate = set ? new Map(set.days.map((day) => [day.date, day])) : null
	const daily = lastDays(store, days).map((date): StatisticsDay =>
		byDate ? { active_users: 0, new_users: 0, nukes: 0, ...byDate.get(date), date } : seededDay(service, date),
	)
	const totals = { active_users: distinctActiveUsers(daily), new_users: 0, nukes: 0 }
	for (const day of daily) {
		totals.new_users += day.new_users
		totals.nukes += day.nukes
	}
	return { days, from: daily[0]!.date, to: daily.at(-1)!.date, daily, totals }
}

/**
 * Different people active in the period, as the API counts them (not a sum of
 * the days): the mock models a service's customers as a pool 1.6 times its
 * busiest day, each day's active users drawn from it at random — so a week
 * counts fewer people than its user-days, and a longer period more people.
 */
export function distinctActiveUsers(daily: readonly StatisticsDay[]): number {
	const busiest = Math.max(0, ...daily.map((day) => day.active_users))
	if (busiest === 0) return 0
	const pool = Math.ceil(busiest * 1.6)
	let neverActive = 1
	for (const day of daily) neverActive *= 1 - day.active_users / pool
	return Math.max(busiest, Math.round(pool * (1 - neverActive)))
}

// ---------------------------------------------------------------------------
// Snapshots written before services part 2 (DATA_VERSION 1)
// ---------------------------------------------------------------------------

/**
 * Brings services records of a version-1 snapshot to version 2: the domain
 * status `pending` becomes `unverified` (no findings yet), and the placeholder
 * protection keys give way to the catalogue's (all off, as they were).
 */
export function migrateServicesFromV1(services: unknown[]): void {
	for (const raw of services) {
		const service = raw as Record<string, unknown>
		const domain = (service.domain_verification ?? {}) as Record<string, unknown>
		service.domain_verification = {
			token: typeof domain.token === 'string' ? domain.token : newDomainToken(),
			status: domain.status === 'verified' ? 'verified' : 'unverified',
			verified_at: typeof domain.verified_at === 'number' ? domain.verified_at : null,
			last_check: null,
		}
		const old = Array.isArray(service.security_protections) ? service.security_protections : []
		const enabled = new Set(
			old.filter((entry: { key?: unknown; enabled?: unknown }) => entry.enabled === true).map((entry) => entry.key),
		)
		service.security_protections = securityProtectionKeyEnum.options.map((key) => ({ key, enabled: enabled.has(key) }))
	}
}
