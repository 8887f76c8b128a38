/** Services part 2: protections, translations, domain verification, review, statistics. */
import {
	domainOf,
	optionalTranslationLocales,
	reviewChecklistMessages,
	reviewTransition,
	saveTranslationsBody,
	securityProtectionKeyEnum,
	serviceMessages,
	serviceSectionMessages,
	setSecurityProtectionsBody,
	statisticsDaysDefault,
	statisticsQuery,
	toggleSecurityProtectionBody,
} from '../../../../app/api/contract/index'
import type { serviceSectionsEndpoints } from '../../../../app/api/contract/service-sections.endpoints'
import { notFound, paginate, parseBody, parseQuery, reply, validationFailed, type Ctx, type Handlers } from '../../http'
import { protectionChanges, recordActivity } from '../activity/state'
import { presentService } from '../services/presenters'
import { serviceOf, touchService, type ServiceRecord } from '../services/state'
import { presentReview } from './presenters'
import {
	checkDomain,
	checkMatches,
	resetDomainVerification,
	reviewChecklist,
	SECURITY_PROTECTIONS,
	sectionChanged,
	setProtections,
	statistics,
	transitionReview,
} from './state'

const serviceReply = (ctx: Ctx, service: ServiceRecord) =>
	reply(200, { data: presentService(ctx.store, service, ctx.origin) })

const reviewReply = (ctx: Ctx, service: ServiceRecord) => reply(200, { data: presentReview(ctx.store, service) })

type SectionsEndpointName = keyof typeof serviceSectionsEndpoints

export const serviceSectionsHandlers = {
	listSecurityProtections: (ctx) => paginate(ctx, SECURITY_PROTECTIONS),

	setServiceSecurityProtections: (ctx) => {
		const service = serviceOf(ctx)
		const { enabled } = parseBody(ctx, setSecurityProtectionsBody)
		const before = service.security_protections
		setProtections(ctx.store, service, (key) => enabled.includes(key))
		protectionChanges(ctx, service, before)
		return serviceReply(ctx, service)
	},

	toggleServiceSecurityProtection: (ctx) => {
		const service = serviceOf(ctx)
		const key = securityProtectionKeyEnum.safeParse(ctx.params.key)
		if (!key.success) throw notFound()
		const { enabled } = parseBody(ctx, toggleSecurityProtectionBody)
		const before = service.security_protections
		setProtections(ctx.store, service, (candidate, current) => (candidate === key.data ? enabled : current))
		protectionChanges(ctx, service, before)
		return serviceReply(ctx, service)
	},

	saveServiceTranslations: (ctx) => {
		const { store } = ctx
		const service = serviceOf(ctx)
		const { translations, version } = parseBody(ctx, saveTranslationsBody)
		if (version !== undefined && version !== service.version) {
			return reply(409, {
				message: serviceMessages.versionConflict,
				code: 'version_conflict',
				data: presentService(store, service, ctx.origin),
			})
		}
		const own = translations['en-GB']
		const renamed = own.name !== service.name || own.description !== service.description
		service.name = own.name
		service.description = own.description
		// en-GB is kept as the service's own name and description; the other locales beside them.
		service.translations = optionalTranslationLocales.flatMap((locale) => {
			const fields = translations[locale]
			return fields ? [{ locale, name: fields.name, description: fields.description }] : []
		})
		if (renamed) touchService(store, service, { settings: true })
		else sectionChanged(store, service)
		recordActivity(store, service.id, 'translations_saved', ctx, {
			// en-GB (the service's own name and description) is saved with every save.
			locales: ['en-GB', ...service.translations.map((translation) => translation.locale)],
		})
		return serviceReply(ctx, service)
	},

	verifyServiceDomain: (ctx) => {
		const service = serviceOf(ctx)
		if (service.domain_verification.status === 'verified') {
			throw validationFailed({ domain: [serviceSectionMessages.alreadyVerified] }, { code: 'already_verified' })
		}
		const domain = domainOf(service.website_url)
		if (domain === null) {
			throw validationFailed({ domain: [serviceSectionMessages.websiteUrlSet] }, { code: 'website_url_missing' })
		}
		const check = checkDomain(ctx.store, service, domain)
		if (checkMatches(service.domain_verification.token, check).any)
			recordActivity(ctx.store, service.id, 'domain_verified', ctx)
		return serviceReply(ctx, service)
	},

	resetServiceDomainVerification: (ctx) => {
		const service = serviceOf(ctx)
		resetDomainVerification(ctx.store, service)
		recordActivity(ctx.store, service.id, 'domain_verification_reset', ctx)
		return serviceReply(ctx, service)
	},

	getServiceReview: (ctx) => reviewReply(ctx, serviceOf(ctx)),

	submitServiceReview: (ctx) => {
		const service = serviceOf(ctx)
		// The state table first: a double submit is told so, whatever the checklist says.
		if (!reviewTransition('submit', service.review.status)) transitionReview(ctx.store, service, 'submit', 'partner')
		const missing = reviewChecklist(service).filter((item) => !item.done)
		if (missing.length) {
			throw validationFailed(
				Object.fromEntries(missing.map((item) => [item.key, [reviewChecklistMessages[item.key]]])),
				{ code: 'checklist_incomplete' },
			)
		}
		transitionReview(ctx.store, service, 'submit', 'partner')
		recordActivity(ctx.store, service.id, 'review_submitted', ctx)
		return reviewReply(ctx, service)
	},

	cancelServiceReview: (ctx) => {
		const service = serviceOf(ctx)
		transitionReview(ctx.store, service, 'cancel', 'partner')
		recordActivity(ctx.store, service.id, 'review_cancelled', ctx)
		return reviewReply(ctx, service)
	},

	getServiceStatistics: (ctx) => {
		const service = serviceOf(ctx)
		const query = parseQuery(ctx, statisticsQuery)
		const days = query.days === undefined ? statisticsDaysDefault : Number(query.days)
		return reply(200, { data: statistics(ctx.store, service, days) })
	},
} satisfies Handlers<SectionsEndpointName>
