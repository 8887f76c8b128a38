/**
 * The /__mock hook of the services area (README.md): a partner's service
 * authenticating with its client id and one of its secrets, as it does with
 * the product (not a call of the partner API). A live secret that matches is
 * "used" now: its `last_used_at` moves.
 */
import { timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { sha256 } from '../../crypto'
import { fail, parseBody, reply, withoutTrailingSlashes, type Ctx, type Reply } from '../../http'
import { liveSecrets } from './state'

export const mockClientAuthenticationBody = z.object({
	client_id: z.string().min(1, 'required'),
	client_secret: z.string().min(1, 'required'),
})
export type MockClientAuthenticationInput = z.input<typeof mockClientAuthenticationBody>
export type MockClientAuthentication = { service_id: string; secret_id: string; hint: string; used_at: string }

/** Answers a services hook, or null when none matches. */
export function handleServicesHook(ctx: Ctx): Reply | null {
	const { store, method } = ctx
	if (`${method} ${withoutTrailingSlashes(ctx.path)}` !== 'POST /__mock/client-authentications') return null
	const body = parseBody(ctx, mockClientAuthenticationBody)
	const service = store.data.services.find((candidate) => candidate.client_id === body.client_id)
	const hash = Buffer.from(sha256(body.client_secret))
	const secret = service
		? liveSecrets(store, service.id).find((candidate) => timingSafeEqual(Buffer.from(candidate.hash), hash))
		: undefined
	if (!service || !secret) throw fail(401, { message: 'Unauthenticated.' })
	secret.last_used_at = store.now()
	store.changed()
	const data: MockClientAuthentication = {
		service_id: service.id,
		secret_id: secret.id,
		hint: secret.hint,
		used_at: store.clock.iso(secret.last_used_at),
	}
	return reply(200, { data })
}
