/**
 * The /__mock hooks of services part 2 (README.md): the DNS and the
 * .well-known files the domain verifier sees, the operator's side of a
 * review, and the daily statistics of a service.
 */
import { z } from 'zod'
import {
	isoDate,
	serviceLimits,
	statisticsNumbers,
	serviceSectionMessages,
	type ServiceReview,
} from '../../../../app/api/contract/index'
import { notFound, parseBody, reply, validationFailed, withoutTrailingSlashes, type Ctx, type Reply } from '../../http'
import { emailReviewDecision } from '../emails/notices'
import { recordActivity } from '../activity/state'
import { presentReview } from './presenters'
import { normalizeDnsName, normalizeUrl, transitionReview, type DnsRecord, type WellKnownRecord } from './state'

export const mockDnsRecordBody = z.object({
	name: z.string().trim().min(1, 'required').max(serviceLimits.urlMax),
	type: z.string().trim().min(1, 'required'),
	value: z.string().max(serviceLimits.dnsValueMax),
})
export type MockDnsRecordInput = z.input<typeof mockDnsRecordBody>

export const mockWellKnownBody = z.object({
	url: z.url(),
	content: z.string(),
	status: z.number().int().min(100).max(599).optional(),
})
export type MockWellKnownInput = z.input<typeof mockWellKnownBody>

export const mockReviewBody = z.object({
	status: z.enum(['in_progress', 'verified', 'dismissed']),
	reason: z.string().trim().min(1, 'required').max(serviceLimits.reasonMax).optional(),
})
export type MockReviewInput = z.input<typeof mockReviewBody>

export const mockStatsBody = z.object({
	days: z
		.array(statisticsNumbers.extend({ date: isoDate }))
		.refine((days) => new Set(days.map((day) => day.date)).size === days.length, { message: 'invalid' }),
})
export type MockStatsInput = z.input<typeof mockStatsBody>

export type { DnsRecord as MockDnsRecord, WellKnownRecord as MockWellKnownFile, ServiceReview as MockReview }

const ACTIONS = { in_progress: 'start', verified: 'verify', dismissed: 'dismiss' } as const
const ACTIVITY = { in_progress: 'review_started', verified: 'review_approved', dismissed: 'review_dismissed' } as const

/** Answers a services part 2 hook, or null when none matches. */
export function handleServiceSectionHook(ctx: Ctx): Reply | null {
	const { store, method } = ctx
	const path = withoutTrailingSlashes(ctx.path)
	switch (`${method} ${path}`) {
		case 'POST /__mock/dns': {
			const body = parseBody(ctx, mockDnsRecordBody)
			const record: DnsRecord = {
				name: normalizeDnsName(body.name),
				type: body.type.toUpperCase(),
				value: body.value,
				created_at: store.now(),
			}
			store.data.mock_dns_records.push(record)
			store.changed()
			return reply(201, { data: record })
		}
		case 'DELETE /__mock/dns':
			store.data.mock_dns_records = []
			store.changed()
			return reply(204)
		case 'POST /__mock/well-known': {
			const body = parseBody(ctx, mockWellKnownBody)
			const file: WellKnownRecord = {
				url: normalizeUrl(body.url),
				content: body.content,
				status: body.status ?? 200,
				created_at: store.now(),
			}
			store.data.mock_well_known_files = [
				...store.data.mock_well_known_files.filter((candidate) => candidate.url !== file.url),
				file,
			]
			store.changed()
			return reply(201, { data: file })
		}
		case 'DELETE /__mock/well-known':
			store.data.mock_well_known_files = []
			store.changed()
			return reply(204)
	}
	const match = /^\/__mock\/services\/([^/]+)\/(review|stats)$/.exec(path)
	if (!match) return null
	const service = store.data.services.find((candidate) => candidate.id === decodeURIComponent(match[1]!))
	const route = `${method} ${match[2]}`
	if (route !== 'POST review' && route !== 'PUT stats') return null
	if (!service) throw notFound()
	if (route === 'POST review') {
		const body = parseBody(ctx, mockReviewBody)
		if (body.status === 'dismissed' && !body.reason)
			throw validationFailed({ reason: [serviceSectionMessages.reasonRequired] })
		transitionReview(store, service, ACTIONS[body.status], 'operator', body.reason ?? null)
		emailReviewDecision(store, service)
		recordActivity(store, service.id, ACTIVITY[body.status], 'review_team', {
			...(body.status === 'dismissed' ? { reason: body.reason } : {}),
		})
		return reply(200, { data: presentReview(store, service) })
	}
	const { days } = parseBody(ctx, mockStatsBody)
	store.data.service_statistics[service.id] = { service_id: service.id, days }
	store.changed()
	return reply(204)
}
