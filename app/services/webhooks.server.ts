// Decision 0015, "The portal's screens".
import type { RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import { getApi } from '#app/context.server'
import { rethrowNotFound } from './load.server'

/** The endpoint's health when failing or paused; null when healthy or unreadable (this hint never takes a page down). */
export async function healthForBanner(context: Readonly<RouterContextProvider>, serviceId: string) {
	try {
		const { data: health } = await getApi(context).call('getWebhookHealth', { params: { id: serviceId } })
		return health.failing || health.paused_at ? health : null
	} catch (error) {
		if (error instanceof ApiError && (error.status === 404 || error.kind === 'unauthenticated')) {
			return rethrowNotFound(error)
		}
		if (error instanceof ApiError) return null
		throw error
	}
}
