// Decision 0015, "The portal's screens".
import { href, redirect, type RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import type { Flash } from '#app/auth/flash'
import { recentChecks } from '#app/api/webhook-deliveries.server'
import { replyWithApiError } from '#app/forms/forms.server'
import { getApi, getService, getSession } from '#app/context.server'
import { rethrowNotFound, throwIfNotFound } from './load.server'

type Context = Readonly<RouterContextProvider>

export const hasWebhookUrl = (service: { webhook_url: string | null }) => service.webhook_url !== null

/** Anyone else's delivery or a malformed id is a 404. */
export async function loadDelivery(context: Context, serviceId: string, deliveryId: string) {
	const [service, delivery] = await Promise.all([
		getService(context),
		getApi(context)
			.call('getWebhookDelivery', { params: { id: serviceId, deliveryId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	return { service, delivery }
}

export async function loadCheck(context: Context, serviceId: string, checkId: string) {
	const [service, check] = await Promise.all([
		getService(context),
		getApi(context)
			.call('getWebhookCheck', { params: { id: serviceId, checkId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	return { service, check }
}

/** Null for another partner's service (the page's `loadService` answers that 404). */
export async function loadRecentChecks(context: Context, serviceId: string) {
	try {
		return await recentChecks(getApi(context), serviceId)
	} catch (error) {
		if (error instanceof ApiError && error.status === 404) return null
		throw error
	}
}

/** Null when it cannot be read now: an outage of this hint must not take the page down. */
export async function healthForBanner(context: Context, serviceId: string) {
	try {
		return (await getApi(context).call('getWebhookHealth', { params: { id: serviceId } })).data
	} catch (error) {
		if (error instanceof ApiError && (error.status === 404 || error.kind === 'unauthenticated')) {
			return rethrowNotFound(error)
		}
		if (error instanceof ApiError) return null
		throw error
	}
}

/** A refusal is a 422, an outage a 503 "not saved", on the same page; never a 5xx page. */
export function webhookActionFailed(error: unknown, context: Context, request: Request) {
	throwIfNotFound(error)
	return replyWithApiError(null, error, context, { request })
}

export async function toDelivery(context: Context, serviceId: string, deliveryId: string, flash?: Flash) {
	if (flash) await getSession(context).setFlash(flash)
	return redirect(href('/services/:serviceId/webhooks/deliveries/:deliveryId', { serviceId, deliveryId }))
}

export function toCheck(serviceId: string, checkId: string) {
	return redirect(href('/services/:serviceId/webhooks/checks/:checkId', { serviceId, checkId }))
}
