import { data, type RouterContextProvider } from 'react-router'
import { liveServiceSecrets } from '#app/api/service-secrets.server'
import { getApi, getService, getSession, getUser } from '#app/context.server'
import { rethrowNotFound } from './load.server'

type Context = Readonly<RouterContextProvider>

export async function loadServiceSecrets(context: Context, serviceId: string) {
	const [service, secrets] = await Promise.all([
		getService(context),
		liveServiceSecrets(getApi(context), serviceId).catch(rethrowNotFound),
	])
	return { service, secrets }
}

export function findSecret<S extends { id: string }>(secrets: readonly S[], secretId: string) {
	const secret = secrets.find((candidate) => candidate.id === secretId)
	if (!secret) throw data(null, { status: 404 })
	return secret
}

// Never in a URL, a flash message or a log.
export async function keepSecretOnce(context: Context, serviceId: string, secret: string) {
	await getSession(context).setSealed('serviceSecret', { serviceId, secret }, (await getUser(context)).id)
}

// Read once: the cookie is cleared whatever it held, so a reload shows nothing.
export async function takeSecretOnce(context: Context, serviceId: string) {
	const session = getSession(context)
	const kept = session.getSealed('serviceSecret', (await getUser(context)).id)
	if (kept) await session.clearSealed('serviceSecret')
	return kept?.serviceId === serviceId ? kept.secret : null
}
