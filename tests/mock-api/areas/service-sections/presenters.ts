/** The section parts of a service, and its review, as the contract shows them. */
import {
	domainOf,
	domainProof,
	reviewTransition,
	type DomainVerification,
	type Service,
	type ServiceReview,
} from '../../../../app/api/contract/index'
import type { MockStore } from '../../store'
import type { ServiceRecord } from '../services/state'
import { checkMatches, reviewChecklist, reviewEvents } from './state'

export function presentDomainVerification(store: MockStore, service: ServiceRecord): DomainVerification {
	const { token, status, verified_at: verifiedAt, last_check: check } = service.domain_verification
	const domain = domainOf(service.website_url)
	const matches = check && checkMatches(token, check)
	return {
		domain,
		token,
		status,
		verified_at: verifiedAt === null ? null : store.clock.iso(verifiedAt),
		dns_record:
			domain === null ? null : { name: domainProof.dnsName(domain), type: 'TXT', value: domainProof.dnsValue(token) },
		file: domain === null ? null : { url: domainProof.fileUrl(domain), content: token },
		last_check:
			check && matches
				? {
						checked_at: store.clock.iso(check.checked_at),
						dns: { found: [...check.dns_found], matched: matches.dns },
						file: { status: check.file_status, first_line: check.file_first_line, matched: matches.file },
					}
				: null,
	}
}

/**
 * The translations in the contract's order: en-GB is the service's own name and description (there once the
 * description is set), then the other saved locales.
 */
export function presentTranslations(service: ServiceRecord): Service['translations'] {
	const own =
		service.description === null
			? []
			: [{ locale: 'en-GB' as const, name: service.name, description: service.description }]
	return [
		...own,
		...service.translations
			.filter((translation) => translation.locale !== 'en-GB')
			.map((translation) => ({ ...translation })),
	]
}

export function presentReview(store: MockStore, service: ServiceRecord): ServiceReview {
	const { review } = service
	const checklist = reviewChecklist(service)
	return {
		status: review.status,
		reason: review.reason,
		updated_at: review.updated_at === null ? null : store.clock.iso(review.updated_at),
		checklist,
		can_submit: reviewTransition('submit', review.status) !== null && checklist.every((item) => item.done),
		can_cancel: reviewTransition('cancel', review.status) !== null,
		history: reviewEvents(store, service.id).map((event) => ({
			status: event.status,
			reason: event.reason,
			actor: event.actor,
			at: store.clock.iso(event.at),
		})),
	}
}
