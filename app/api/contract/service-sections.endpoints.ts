// Decision 0013: anyone else's service id is a 404.
import { listQuery } from './common'
import { rateLimits } from './constants'
import { endpointsOf, invalid, notFound, signedIn, throttled } from './endpoint'
import {
	saveTranslationsBody,
	securityProtectionList,
	serviceReviewResponse,
	serviceStatisticsResponse,
	setSecurityProtectionsBody,
	statisticsQuery,
	toggleSecurityProtectionBody,
} from './service-sections'
import { serviceResponse, versionConflictBody } from './services'

export const serviceSectionsEndpoints = {
	...endpointsOf('Service protections', 'access', {
		listSecurityProtections: {
			route: 'GET /security-protections',
			summary: 'The catalogue of security protections a service may neutralise',
			description: 'Fixed, in display order: key, the event that triggers it, a title and what end users will see.',
			auth: 'none',
			query: listQuery,
			responses: { 200: securityProtectionList, ...invalid },
		},
		setServiceSecurityProtections: {
			route: 'PUT /services/{id}/security-protections',
			summary: 'Set every protection at once: the keys listed are on, the others off',
			description: 'For a checkbox list with one save button. Unknown keys are 422 on `enabled.<index>`.',
			request: setSecurityProtectionsBody,
			responses: { 200: serviceResponse, ...signedIn, ...notFound, ...invalid },
		},
		toggleServiceSecurityProtection: {
			route: 'PUT /services/{id}/security-protections/{key}',
			summary: 'Turn one protection on or off',
			description: 'Idempotent (an optimistic toggle may be retried). An unknown key is 404.',
			request: toggleSecurityProtectionBody,
			responses: { 200: serviceResponse, ...signedIn, ...notFound, ...invalid },
		},
	}),
	...endpointsOf('Service translations', 'access', {
		saveServiceTranslations: {
			route: 'PUT /services/{id}/translations',
			summary: 'Replace the translations: en-GB (the service name and description) and any of the other six',
			description:
				"en-GB is required and is the service's own `name` and `description`: saving it changes them (and " +
				'`version`). A locale left out is removed. With `version`, a stale one is 409 `version_conflict`.',
			request: saveTranslationsBody,
			responses: { 200: serviceResponse, ...signedIn, ...notFound, 409: versionConflictBody, ...invalid },
		},
	}),
	...endpointsOf('Service verification', 'access', {
		verifyServiceDomain: {
			route: 'POST /services/{id}/domain-verification/verify',
			summary: 'Check the DNS TXT record and the .well-known file now; either proves the domain',
			description:
				'200 whatever the outcome: `domain_verification.status` is `verified` or `failed`, with `last_check` ' +
				'(what was found for each way). 422 `already_verified` when it is verified.',
			rateLimit: rateLimits.domainVerificationChecks,
			responses: { 200: serviceResponse, ...signedIn, ...notFound, ...invalid, ...throttled },
		},
		resetServiceDomainVerification: {
			route: 'POST /services/{id}/domain-verification/reset',
			summary: 'Issue a new token; the old one stops proving anything; the domain is unverified again',
			responses: { 200: serviceResponse, ...signedIn, ...notFound },
		},
		getServiceReview: {
			route: 'GET /services/{id}/review',
			summary: 'The review: status, submission checklist, what the partner may do, history',
			responses: { 200: serviceReviewResponse, ...signedIn, ...notFound },
		},
		submitServiceReview: {
			route: 'POST /services/{id}/review/submit',
			summary: 'Submit the service for review (from not_submitted, dismissed or cancelled)',
			description:
				'422 `checklist_incomplete` with one error per unmet checklist item (keyed by the item), or 422 ' +
				'`transition_not_allowed` on `status` (e.g. already submitted).',
			responses: { 200: serviceReviewResponse, ...signedIn, ...notFound, ...invalid },
		},
		cancelServiceReview: {
			route: 'POST /services/{id}/review/cancel',
			summary: 'Withdraw a submitted or in-progress review',
			description: '422 `transition_not_allowed` on `status` otherwise (e.g. a verified review).',
			responses: { 200: serviceReviewResponse, ...signedIn, ...notFound, ...invalid },
		},
	}),
	...endpointsOf('Service statistics', 'access', {
		getServiceStatistics: {
			route: 'GET /services/{id}/statistics',
			summary: 'Active users, new users and nukes per day over the last 7, 30 (default) or 90 days',
			query: statisticsQuery,
			responses: { 200: serviceStatisticsResponse, ...signedIn, ...notFound, ...invalid },
		},
	}),
}
