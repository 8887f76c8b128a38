/**
 * The services area on top of `api.call`: one page of the list by cursor,
 * the create with its idempotency key, and the update whose version conflict
 * is an answer (the current service), not an error.
 */
import { createTtlCache } from './cache.server'
import type { ApiClient } from './client.server'
import {
	versionConflictBody,
	type CreateServiceBody,
	type Service,
	type ServiceCategory,
	type UpdateServiceBody,
} from './contract/index'
import { ApiError } from './errors'
import { allPages } from './pagination.server'

/** One page of the caller's services, newest first. */
export async function servicesPage(api: ApiClient, cursor?: string) {
	const { data, meta } = await api.call('listServices', { query: { cursor } })
	// What a card of the list shows, no more: the page's data is serialised into every response.
	const services = data.map(({ id, name, logo, category, environment, review }) => ({
		id,
		name,
		logo,
		category,
		environment,
		review: { status: review.status },
	}))
	return { services, nextCursor: meta.next_cursor }
}

/** The categories change rarely: cached per process like the reference lists. */
const categoryCache = createTtlCache<ServiceCategory[]>()
export function serviceCategories(api: ApiClient) {
	return categoryCache.get('categories', () => allPages(api, 'listServiceCategories'))
}

/** Review states in which the next step is the partner's: never submitted, refused, or withdrawn. */
const WAITING_ON_PARTNER: ReadonlySet<Service['review']['status']> = new Set<WaitingOnPartner>([
	'not_submitted',
	'dismissed',
	'cancelled',
])

/** A service whose review waits on the partner. */
export const needsAttention = (service: Service) => WAITING_ON_PARTNER.has(service.review.status)

/**
 * How many services the partner has, which need attention (their review waits on the partner; a dismissal with
 * its reason and date) and which were approved (verified, newest first), for the dashboard.
 */
export async function servicesSummary(api: ApiClient) {
	const services = await allPages(api, 'listServices')
	const attention = services.filter(needsAttention).map(({ id, name, review }) => ({
		id,
		name,
		status: review.status as WaitingOnPartner,
		reason: review.reason,
		decidedAt: review.updated_at,
	}))
	const approved = services
		.filter((service) => service.review.status === 'verified' && service.review.updated_at)
		.map(({ id, name, review }) => ({ id, name, approvedAt: review.updated_at! }))
		.sort((a, b) => b.approvedAt.localeCompare(a.approvedAt))
	return { total: services.length, attention, approved }
}

type WaitingOnPartner = 'not_submitted' | 'dismissed' | 'cancelled'

/** A key for one create form: rendered into it, so a double submit sends the same key. */
export const newIdempotencyKey = () => crypto.randomUUID()

/**
 * Creates a service. `secret` is the plaintext shown once; it is null when the
 * key was used before (a double submit), as the API never answers it twice.
 */
export async function createService(
	api: ApiClient,
	fields: Omit<CreateServiceBody, 'idempotency_key'>,
	idempotencyKey: string,
) {
	const { data, secret } = await api.call('createService', { body: { ...fields, idempotency_key: idempotencyKey } })
	return { service: data, secret }
}

export type UpdateServiceResult = { ok: true; service: Service } | { ok: false; current: Service }

/** Saves changes made on `version`; when someone saved in between, answers the current service instead. */
export async function updateService(
	api: ApiClient,
	id: string,
	changes: Omit<UpdateServiceBody, 'version'>,
	version: number,
): Promise<UpdateServiceResult> {
	try {
		const { data } = await api.call('updateService', { params: { id }, body: { ...changes, version } })
		return { ok: true, service: data }
	} catch (error) {
		const conflict = error instanceof ApiError && error.status === 409 && versionConflictBody.safeParse(error.body)
		if (conflict && conflict.success) return { ok: false, current: conflict.data.data }
		throw error
	}
}
