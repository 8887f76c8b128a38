// Decision 0015, "The portal's screens".
import { redirect, type RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import type { Flash } from '#app/auth/flash'
import { getApi, getSession } from '#app/context.server'
import { rethrowNotFound } from './load.server'
import { deliveryPage } from './pages'

type Context = Readonly<RouterContextProvider>

/** The endpoint's health when failing or paused; null when healthy or unreadable (this hint never takes a page down). */
export async function healthForBanner(context: Context, serviceId: string) {
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

export async function toDelivery(context: Context, serviceId: string, deliveryId: string, flash?: Flash) {
	if (flash) await getSession(context).setFlash(flash)
	return redirect(deliveryPage(serviceId, deliveryId))
}
