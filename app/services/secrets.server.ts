/**
 * The secrets pages of a service (the developers page and its confirmation
 * pages) on top of app/api/service-secrets.server.ts: loading with the same
 * 404 as `loadService`, and the new secret carried to the next page once
 * (a refused change: `confirmChange`).
 */
import { data, type RouterContextProvider } from 'react-router'
import { liveServiceSecrets } from '#app/api/service-secrets.server'
import { getApi, getService, getSession, getUser } from '#app/context.server'
import { rethrowNotFound } from './load.server'

type Context = Readonly<RouterContextProvider>

const notFound = () => data(null, { status: 404 })

/** The signed-in partner's service and its live secrets; anyone else's or a malformed id is a 404. */
export async function loadServiceSecrets(context: Context, serviceId: string) {
	const [service, secrets] = await Promise.all([
		getService(context),
		liveServiceSecrets(getApi(context), serviceId).catch(rethrowNotFound),
	])
	return { service, secrets }
}

/** A secret of the list by id; one that is not live (revoked, another service's, made up) is a 404. */
export function findSecret<S extends { id: string }>(secrets: readonly S[], secretId: string) {
	const secret = secrets.find((candidate) => candidate.id === secretId)
	if (!secret) throw notFound()
	return secret
}

/**
 * Keeps a new secret of `serviceId` for the next page, in the sealed,
 * single-read `serviceSecret` cookie (sealed for the signed-in partner): never
 * in a URL, a flash message or a log.
 */
export async function keepSecretOnce(context: Context, serviceId: string, secret: string) {
	await getSession(context).setSealed('serviceSecret', { serviceId, secret }, (await getUser(context)).id)
}

/**
 * The secret kept for `serviceId`, read once: the cookie is cleared whatever
 * it held, so a reload shows nothing. The page that shows it answers
 * `Cache-Control: private, no-store` like every page that sets no
 * Cache-Control of its own (app/middleware/security.server.ts).
 */
export async function takeSecretOnce(context: Context, serviceId: string) {
	const session = getSession(context)
	const kept = session.getSealed('serviceSecret', (await getUser(context)).id)
	if (kept) await session.clearSealed('serviceSecret')
	return kept?.serviceId === serviceId ? kept.secret : null
}
