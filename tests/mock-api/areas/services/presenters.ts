/** Services, secrets and uploads as the contract shows them. */
import type { Service, ServiceSecret, Upload } from '../../../../app/api/contract/index'
import type { MockStore } from '../../store'
import { presentDomainVerification, presentTranslations } from '../service-sections/presenters'
import { pauseOf } from '../webhooks/state'
import { SERVICE_LOGO_PATH, type ServiceRecord, type ServiceSecretRecord, type UploadRecord } from './state'

/** `origin`: the mock's address as the caller used it, for the logo URL. */
export function presentService(store: MockStore, service: ServiceRecord, origin: string): Service {
	const iso = (ms: number) => store.clock.iso(ms)
	const { logo, review } = service
	const paused = pauseOf(store, service.id)
	return {
		id: service.id,
		name: service.name,
		description: service.description,
		category: service.category,
		logo: logo && {
			url: `${origin}${SERVICE_LOGO_PATH}${logo.file}`,
			content_type: logo.content_type,
			width: logo.width,
			height: logo.height,
		},
		website_url: service.website_url,
		webhook_url: service.webhook_url,
		authorization_url: service.authorization_url,
		environment: service.environment,
		kind: service.kind,
		client_id: service.client_id,
		review: {
			status: review.status,
			reason: review.reason,
			updated_at: review.updated_at === null ? null : iso(review.updated_at),
		},
		security_protections: service.security_protections.map((protection) => ({ ...protection })),
		translations: presentTranslations(service),
		domain_verification: presentDomainVerification(store, service),
		webhook_paused_at: paused ? iso(paused.paused_at) : null,
		version: service.version,
		created_at: iso(service.created_at),
		updated_at: iso(service.updated_at),
	}
}

export function presentSecret(store: MockStore, secret: ServiceSecretRecord): ServiceSecret {
	return {
		id: secret.id,
		hint: secret.hint,
		created_at: store.clock.iso(secret.created_at),
		last_used_at: secret.last_used_at === null ? null : store.clock.iso(secret.last_used_at),
	}
}

export function presentUpload(store: MockStore, upload: UploadRecord): Upload {
	return {
		id: upload.id,
		kind: upload.kind,
		size: upload.size,
		content_type: upload.content_type,
		created_at: store.clock.iso(upload.created_at),
		expires_at: upload.expires_at === null ? null : store.clock.iso(upload.expires_at),
	}
}
