/** Services: list, create (idempotent), read, update (versioned), logo, secrets, categories, uploads. */
import {
	attachLogoBody,
	createServiceBody,
	logoMessages,
	serviceLimits,
	serviceMessages,
	serviceFieldNames,
	sniffImage,
	updateServiceBody,
	validationMessages,
} from '../../../../app/api/contract/index'
import { decodeLogo, encodeLogo } from '../../../../app/utils/images.server'
import { newId, sha256 } from '../../crypto'
import {
	caller,
	notFound,
	paginate,
	parseBody,
	reply,
	validationFailed,
	type Ctx,
	type Handlers,
	type Reply,
} from '../../http'
import type { MockStore } from '../../store'
import type { servicesEndpoints } from '../../../../app/api/contract/services.endpoints'
import { emailClientSecretChange } from '../emails/notices'
import { recordActivity, settingsChanges } from '../activity/state'
import { requireConfirmedIdentity } from '../identity/state'
import { afterServiceUpdate } from '../service-sections/state'
import { presentSecret, presentService, presentUpload } from './presenters'
import {
	createSecret,
	createService,
	liveSecrets,
	ownService,
	pruneServices,
	SERVICE_CATEGORIES,
	serviceOf,
	servicesOf,
	touchService,
	UPLOAD_TTL_MS,
	type ServiceFields,
	type ServiceRecord,
} from './state'

const serviceReply = (ctx: Ctx, status: number, service = serviceOf(ctx)) =>
	reply(status, { data: presentService(ctx.store, service, ctx.origin) })

type ServicesEndpointName = keyof typeof servicesEndpoints

export const servicesHandlers = {
	listServiceCategories: (ctx) => paginate(ctx, SERVICE_CATEGORIES),

	listServices: (ctx) =>
		paginate(
			ctx,
			servicesOf(ctx.store, caller(ctx).user.id).map((service) => presentService(ctx.store, service, ctx.origin)),
		),

	createService: (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		const { idempotency_key: key, ...body } = parseBody(ctx, createServiceBody)
		const fields: ServiceFields = Object.fromEntries(
			serviceFieldNames.map((name) => [name, body[name] ?? null]),
		) as ServiceFields
		const requestHash = sha256(JSON.stringify(fields))
		pruneServices(store)
		const earlier = store.data.service_idempotency_keys.find((entry) => entry.user_id === user.id && entry.key === key)
		if (earlier) {
			if (earlier.request_hash !== requestHash) {
				throw validationFailed(
					{ idempotency_key: [serviceMessages.idempotencyKeyReused] },
					{ code: 'idempotency_key_reused' },
				)
			}
			const service = ownService(store, user.id, earlier.service_id)!
			return reply(200, { data: presentService(store, service, ctx.origin), secret: null })
		}
		const { service, secret } = createService(store, user.id, fields)
		store.data.service_idempotency_keys.push({
			user_id: user.id,
			key,
			request_hash: requestHash,
			service_id: service.id,
			created_at: store.now(),
		})
		store.changed()
		return reply(201, {
			data: presentService(store, service, ctx.origin),
			secret: { ...presentSecret(store, secret.record), secret: secret.plaintext },
		})
	},

	getService: (ctx) => serviceReply(ctx, 200),

	updateService: (ctx) => {
		const service = serviceOf(ctx)
		const body = parseBody(ctx, updateServiceBody)
		if (body.version !== service.version) {
			return reply(409, {
				message: serviceMessages.versionConflict,
				code: 'version_conflict',
				data: presentService(ctx.store, service, ctx.origin),
			})
		}
		const previousWebsiteUrl = service.website_url
		const before = { ...service }
		let changed = false
		for (const name of serviceFieldNames) {
			const value = body[name]
			if (value !== undefined && value !== service[name]) {
				Object.assign(service, { [name]: value })
				changed = true
			}
		}
		if (changed) touchService(ctx.store, service, { settings: true })
		if (changed)
			recordActivity(
				ctx.store,
				service.id,
				'settings_updated',
				ctx,
				settingsChanges(before, service, serviceFieldNames),
			)
		afterServiceUpdate(ctx.store, service, previousWebsiteUrl)
		if (service.domain_verification !== before.domain_verification)
			recordActivity(ctx.store, service.id, 'domain_verification_reset', ctx)
		return serviceReply(ctx, 200, service)
	},

	attachServiceLogo: (ctx) => {
		const { store } = ctx
		const service = serviceOf(ctx)
		const { upload_id } = parseBody(ctx, attachLogoBody)
		pruneServices(store)
		const upload = store.data.uploads.find(
			(candidate) => candidate.id === upload_id && candidate.kind === 'tmp' && candidate.user_id === service.user_id,
		)
		if (!upload) throw validationFailed({ upload_id: [serviceMessages.exists] })
		// Decoded whole, and only its pixels, written anew, are stored: no other byte of the upload is ever served.
		const decoded = decodeLogo(Buffer.from(upload.data, 'base64'), upload.size)
		if (!decoded.ok) throw validationFailed({ upload_id: [decoded.message] })
		const stored = Buffer.from(encodeLogo(decoded))
		removeLogoFile(store, service.logo?.file)
		const { image } = decoded
		const file = `${newId()}.${image.type}`
		store.data.uploads = store.data.uploads.filter((candidate) => candidate !== upload)
		store.data.uploads.push({
			...upload,
			id: newId(),
			kind: 'service_logo',
			file,
			content_type: image.contentType,
			size: stored.length,
			data: stored.toString('base64'),
			expires_at: null,
		})
		service.logo = { file, content_type: image.contentType, width: image.width, height: image.height }
		touchService(store, service, { settings: false })
		recordActivity(store, service.id, 'logo_set', ctx)
		return serviceReply(ctx, 200, service)
	},

	removeServiceLogo: (ctx) => {
		const service = serviceOf(ctx)
		if (service.logo) {
			removeLogoFile(ctx.store, service.logo.file)
			service.logo = null
			touchService(ctx.store, service, { settings: false })
			recordActivity(ctx.store, service.id, 'logo_removed', ctx)
		}
		return serviceReply(ctx, 200, service)
	},

	listServiceSecrets: (ctx) => {
		const service = serviceOf(ctx)
		const data = liveSecrets(ctx.store, service.id).map((secret) => presentSecret(ctx.store, secret))
		return reply(200, { data, meta: { next_cursor: null } })
	},

	rotateServiceSecret: (ctx) => {
		const service = serviceOf(ctx)
		requireConfirmedIdentity(ctx.store, caller(ctx))
		if (liveSecrets(ctx.store, service.id).length >= serviceLimits.liveSecretsMax) {
			throw validationFailed({ secret: [serviceMessages.tooManySecrets] }, { code: 'too_many_secrets' })
		}
		return newSecretReply(ctx, service, 'client_secret_rotated')
	},

	resetServiceSecret: (ctx) => {
		const service = serviceOf(ctx)
		requireConfirmedIdentity(ctx.store, caller(ctx))
		const now = ctx.store.now()
		for (const secret of liveSecrets(ctx.store, service.id)) secret.revoked_at = now
		return newSecretReply(ctx, service, 'client_secret_reset')
	},

	revokeServiceSecret: (ctx) => {
		const service = serviceOf(ctx)
		requireConfirmedIdentity(ctx.store, caller(ctx))
		const live = liveSecrets(ctx.store, service.id)
		const secret = live.find((candidate) => candidate.id === ctx.params.secretId)
		if (!secret) throw notFound()
		if (live.length === 1) {
			throw validationFailed({ secret: [serviceMessages.lastSecret] }, { code: 'last_secret' })
		}
		secret.revoked_at = ctx.store.now()
		emailClientSecretChange(ctx.store, service, 'client_secret_revoked', secret.hint)
		recordActivity(ctx.store, service.id, 'client_secret_revoked', ctx, { secret_hint: secret.hint })
		ctx.store.changed()
		return reply(204)
	},

	uploadTmpFile: (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		if (ctx.bodyTooLarge) throw validationFailed({ file: [logoMessages.size] })
		if (ctx.bodyBytes.length === 0) throw validationFailed({ file: [validationMessages.required] })
		pruneServices(store)
		const id = newId()
		const now = store.now()
		const upload = {
			id,
			user_id: user.id,
			kind: 'tmp' as const,
			file: id,
			content_type: sniffImage(ctx.bodyBytes)?.contentType ?? 'application/octet-stream',
			size: ctx.bodyBytes.length,
			data: ctx.bodyBytes.toString('base64'),
			created_at: now,
			expires_at: now + UPLOAD_TTL_MS,
		}
		store.data.uploads.push(upload)
		store.changed()
		return reply(201, { data: presentUpload(store, upload) })
	},
} satisfies Handlers<ServicesEndpointName>

/** A new secret (a rotation or a reset), emailed to the owner, and the answer that shows it once. */
/** A new client secret: emailed and in the activity log (the hint, never the value), answered once in full. */
function newSecretReply(
	ctx: Ctx,
	service: ServiceRecord,
	change: 'client_secret_rotated' | 'client_secret_reset',
): Reply {
	const { store } = ctx
	const { record, plaintext } = createSecret(store, service)
	emailClientSecretChange(store, service, change, record.hint)
	recordActivity(store, service.id, change, ctx, { secret_hint: record.hint })
	return reply(201, { data: { ...presentSecret(store, record), secret: plaintext } })
}

function removeLogoFile(store: MockStore, file: string | undefined) {
	if (file === undefined) return
	store.data.uploads = store.data.uploads.filter((upload) => !(upload.kind === 'service_logo' && upload.file === file))
}

/**
 * The service-logo storage (not an API endpoint): `GET /uploads/service-logos/{file}`
 * answers the stored (re-encoded) bytes with their type, `nosniff`, and no bearer needed.
 */
export function serveServiceLogo(store: MockStore, file: string): Reply {
	const upload = store.data.uploads.find((candidate) => candidate.kind === 'service_logo' && candidate.file === file)
	if (!upload) return reply(404, { message: 'Not found.' })
	return {
		status: 200,
		bytes: Buffer.from(upload.data, 'base64'),
		headers: {
			'content-type': upload.content_type,
			'x-content-type-options': 'nosniff',
			'cache-control': 'public, max-age=31536000, immutable',
		},
	}
}
