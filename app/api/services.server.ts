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

export async function servicesPage(api: ApiClient, cursor?: string) {
	const { data, meta } = await api.call('listServices', { query: { cursor } })
	// The page's data is serialised into every response.
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

const categoryCache = createTtlCache<ServiceCategory[]>()
export function serviceCategories(api: ApiClient) {
	return categoryCache.get('categories', () => allPages(api, 'listServiceCategories'))
}

const WAITING_ON_PARTNER: ReadonlySet<Service['review']['status']> = new Set<WaitingOnPartner>([
	'not_submitted',
	'dismissed',
	'cancelled',
])

export const needsAttention = (service: Service) => WAITING_ON_PARTNER.has(service.review.status)

export async function servicesSummary(api: ApiClient) {
	const services = await allPages(api, 'listServices')
	// A paused endpoint first: the partner's customers already miss its events.
	const attention = [
		...services
			.filter((service) => service.webhook_paused_at)
			.map(({ id, name, webhook_paused_at }) => ({ id, name, why: 'paused' as const, pausedAt: webhook_paused_at! })),
		...services.filter(needsAttention).map(({ id, name, review }) => ({
			id,
			name,
			why: 'review' as const,
			status: review.status as WaitingOnPartner,
			reason: review.reason,
			decidedAt: review.updated_at,
		})),
	]
	const inReview = services
		.filter((service) => IN_REVIEW.has(service.review.status))
		.map(({ id, name, review }) => ({ id, name, status: review.status as InReview }))
	const approved = services
		.filter((service) => service.review.status === 'verified' && service.review.updated_at)
		.map(({ id, name, review }) => ({ id, name, approvedAt: review.updated_at! }))
		.sort((a, b) => b.approvedAt.localeCompare(a.approvedAt))
	return { total: services.length, attention, inReview, approved }
}

type InReview = 'submitted' | 'in_progress'
const IN_REVIEW: ReadonlySet<Service['review']['status']> = new Set<InReview>(['submitted', 'in_progress'])

type WaitingOnPartner = 'not_submitted' | 'dismissed' | 'cancelled'

/** Rendered into the form, so a double submit sends the same key. */
export const newIdempotencyKey = () => crypto.randomUUID()

/** `secret` is null for a reused key: the API never answers it twice. */
export async function createService(
	api: ApiClient,
	fields: Omit<CreateServiceBody, 'idempotency_key'>,
	idempotencyKey: string,
) {
	const { data, secret } = await api.call('createService', { body: { ...fields, idempotency_key: idempotencyKey } })
	return { service: data, secret }
}

export type UpdateServiceResult = { ok: true; service: Service } | { ok: false; current: Service }

/** Someone saved first (another tab): the API's 409 answers the service as it is now. */
export async function savedOrConflict(save: Promise<{ data: Service }>): Promise<UpdateServiceResult> {
	try {
		return { ok: true, service: (await save).data }
	} catch (error) {
		const conflict = error instanceof ApiError && error.status === 409 && versionConflictBody.safeParse(error.body)
		if (conflict && conflict.success) return { ok: false, current: conflict.data.data }
		throw error
	}
}

export function updateService(
	api: ApiClient,
	id: string,
	changes: Omit<UpdateServiceBody, 'version'>,
	version: number,
) {
	return savedOrConflict(api.call('updateService', { params: { id }, body: { ...changes, version } }))
}
