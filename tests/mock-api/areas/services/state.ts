/**
 * Services, their secrets (stored as sha256 hashes), uploaded files (temporary
 * and service logos, bytes in base64) and the idempotency keys of creates.
 */
import type {
	DomainVerificationStatus,
	Environment,
	Kind,
	Locale,
	ServiceCategory,
	ServiceCategoryKey,
	SecurityProtectionKey,
	ServiceReviewStatus,
	UploadKind,
} from '../../../../app/api/contract/index'
import { securityProtectionKeyEnum, serviceSectionMessages } from '../../../../app/api/contract/index'
import { list } from '../../collections'
import { newId, randomToken, sha256 } from '../../crypto'
import { caller, notFound, validationFailed, type Ctx } from '../../http'
import type { MockStore } from '../../store'

/** Where the mock serves the two storages (the portal's UPLOAD_TMP_URL and SERVICE_LOGO_URL). */
export const UPLOAD_TMP_PATH = '/uploads/tmp'
export const SERVICE_LOGO_PATH = '/uploads/service-logos/'

const DAY_MS = 24 * 60 * 60 * 1000
/** How long a temporary upload is kept, and how long an idempotency key is remembered. */
export const UPLOAD_TTL_MS = DAY_MS
const IDEMPOTENCY_TTL_MS = DAY_MS

export const SERVICE_CATEGORIES: ServiceCategory[] = [
	{ key: 'communication', name: 'Communication' },
	{ key: 'finance', name: 'Finance' },
	{ key: 'gaming', name: 'Gaming' },
	{ key: 'health', name: 'Health' },
	{ key: 'productivity', name: 'Productivity' },
	{ key: 'shopping', name: 'Shopping' },
	{ key: 'social', name: 'Social' },
	{ key: 'other', name: 'Other' },
]

/** The protections a service may neutralise (the catalogue's keys), all off at creation. */
export const SECURITY_PROTECTION_KEYS = securityProtectionKeyEnum.options

/** A service's own fields; those a create may leave out are null until set. */
export type ServiceFields = {
	name: string
	description: string | null
	category: ServiceCategoryKey
	website_url: string | null
	webhook_url: string | null
	authorization_url: string | null
}

export type ServiceRecord = ServiceFields & {
	id: string
	user_id: string
	/** The service-logo upload (`file` of a `service_logo` upload), with its sniffed type and size. */
	logo: { file: string; content_type: 'image/png' | 'image/jpeg'; width: number; height: number } | null
	environment: Environment
	kind: Kind
	client_id: string
	review: { status: ServiceReviewStatus; reason: string | null; updated_at: number | null }
	security_protections: Array<{ key: SecurityProtectionKey; enabled: boolean }>
	/** The locales besides en-GB: en-GB is the service's own name and description (areas/service-sections). */
	translations: Array<{ locale: Locale; name: string; description: string }>
	domain_verification: {
		token: string
		status: DomainVerificationStatus
		verified_at: number | null
		last_check: DomainCheckRecord | null
	}
	version: number
	created_at: number
	updated_at: number
}

/** What one domain check found (areas/service-sections/state.ts). */
export type DomainCheckRecord = {
	checked_at: number
	dns_found: string[]
	file_status: number | null
	file_first_line: string | null
}

export type ServiceSecretRecord = {
	id: string
	service_id: string
	/** sha256 of the plaintext (256 random bits: a slow hash would add nothing). */
	hash: string
	hint: string
	created_at: number
	last_used_at: number | null
	revoked_at: number | null
}

export type UploadRecord = {
	id: string
	user_id: string
	kind: UploadKind
	/** The stored file name (`<id>.png|jpg` for service logos). */
	file: string
	content_type: string
	size: number
	/** The bytes, base64. */
	data: string
	created_at: number
	/** Temporary uploads only. */
	expires_at: number | null
}

export type IdempotencyRecord = {
	user_id: string
	key: string
	/** sha256 of the request's fields, to tell a replay from a reused key. */
	request_hash: string
	service_id: string
	created_at: number
}

export const serviceCollections = {
	services: list<ServiceRecord>(),
	service_secrets: list<ServiceSecretRecord>(),
	uploads: list<UploadRecord>(),
	service_idempotency_keys: list<IdempotencyRecord>(),
}

/** A service of `userId`, or undefined (unknown, malformed or another partner's id alike). */
export const ownService = (store: MockStore, userId: string, id: string) =>
	store.data.services.find((service) => service.id === id && service.user_id === userId)

/** The caller's service of the path's `{id}`, for the handlers of every services area; anything else is the same 404. */
export function serviceOf(ctx: Ctx) {
	const service = ownService(ctx.store, caller(ctx).user.id, ctx.params.id!)
	if (!service) throw notFound()
	return service
}

/** The URL webhooks go to; a service without one is 422 on `webhook_url` (nothing can be sent). */
export function webhookUrlOf(service: ServiceRecord): string {
	if (service.webhook_url === null) {
		throw validationFailed({ webhook_url: [serviceSectionMessages.webhookUrlSet] }, { code: 'webhook_url_missing' })
	}
	return service.webhook_url
}

/** The user's services, newest first. */
export const servicesOf = (store: MockStore, userId: string) =>
	store.data.services
		.map((service, index) => ({ service, index }))
		.filter(({ service }) => service.user_id === userId)
		.sort((a, b) => b.service.created_at - a.service.created_at || b.index - a.index)
		.map(({ service }) => service)

export const liveSecrets = (store: MockStore, serviceId: string) =>
	store.data.service_secrets.filter((secret) => secret.service_id === serviceId && secret.revoked_at === null)

/** A new secret of the service; the plaintext is returned here only. */
export function createSecret(store: MockStore, service: ServiceRecord) {
	const plaintext = `sk_${service.environment}_${randomToken()}`
	const record: ServiceSecretRecord = {
		id: newId(),
		service_id: service.id,
		hash: sha256(plaintext),
		hint: plaintext.slice(-4),
		created_at: store.now(),
		last_used_at: null,
		revoked_at: null,
	}
	store.data.service_secrets.push(record)
	store.changed()
	return { record, plaintext }
}

/** A domain verification token: 32 hex characters. */
export const newDomainToken = () => sha256(randomToken()).slice(0, 32)

/** A new service (test, external, not submitted) with its first secret. */
export function createService(
	store: MockStore,
	userId: string,
	fields: ServiceFields,
	overrides: Partial<Pick<ServiceRecord, 'id' | 'environment' | 'review' | 'domain_verification' | 'created_at'>> = {},
) {
	const now = overrides.created_at ?? store.now()
	const service: ServiceRecord = {
		id: newId(),
		user_id: userId,
		...fields,
		logo: null,
		environment: 'test',
		kind: 'external',
		client_id: `client_${randomToken().slice(0, 24)}`,
		review: { status: 'not_submitted', reason: null, updated_at: null },
		security_protections: SECURITY_PROTECTION_KEYS.map((key) => ({ key, enabled: false })),
		translations: [],
		domain_verification: { token: newDomainToken(), status: 'unverified', verified_at: null, last_check: null },
		version: 1,
		created_at: now,
		updated_at: now,
		...overrides,
	}
	store.data.services.push(service)
	const secret = createSecret(store, service)
	return { service, secret }
}

/**
 * Marks a change of the service. `version` guards the settings form, so it
 * moves only when one of the fields `PATCH` takes changed (a logo, a toggle
 * or a review never makes a settings save conflict).
 */
export function touchService(store: MockStore, service: ServiceRecord, { settings }: { settings: boolean }) {
	if (settings) service.version += 1
	service.updated_at = store.now()
	store.changed()
}

/** Drops expired temporary uploads and idempotency keys. */
export function pruneServices(store: MockStore) {
	const now = store.now()
	store.data.uploads = store.data.uploads.filter((upload) => upload.expires_at === null || upload.expires_at > now)
	store.data.service_idempotency_keys = store.data.service_idempotency_keys.filter(
		(entry) => entry.created_at + IDEMPOTENCY_TTL_MS > now,
	)
}
