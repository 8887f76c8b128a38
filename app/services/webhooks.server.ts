/**
 * The webhook pages of a service (docs/decisions/0015-webhook-deliveries.md,
 * "The portal's screens"): the delivery log with the test event and endpoint
 * check forms, a delivery's page with Redeliver, a check's result page, and
 * the failing banner of the details page — on top of
 * app/api/webhook-deliveries.server.ts, with the same 404 as `loadService`.
 */
import { href, redirect, type RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import type { Flash } from '#app/auth/flash'
import { recentChecks, webhookHealth } from '#app/api/webhook-deliveries.server'
import { replyWithApiError } from '#app/utils/forms.server'
import { getApi, getService, getSession } from '#app/context.server'
import { rethrowNotFound, throwIfNotFound } from './load.server'

type Context = Readonly<RouterContextProvider>

/** Whether the service has a webhook URL to send to (null until the partner sets one in the settings). */
export const hasWebhookUrl = (service: { webhook_url: string | null }) => service.webhook_url !== null

/** The service and one of its deliveries (payload and every attempt); anyone else's or a malformed id is a 404. */
export async function loadDelivery(context: Context, serviceId: string, deliveryId: string) {
	const [service, delivery] = await Promise.all([
		getService(context),
		getApi(context)
			.call('getWebhookDelivery', { params: { id: serviceId, deliveryId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	return { service, delivery }
}

/** The service and one of its endpoint checks; anyone else's or a malformed id is a 404. */
export async function loadCheck(context: Context, serviceId: string, checkId: string) {
	const [service, check] = await Promise.all([
		getService(context),
		getApi(context)
			.call('getWebhookCheck', { params: { id: serviceId, checkId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	return { service, check }
}

/**
 * The newest endpoint checks for the webhooks page, or null for another partner's service (the page's own
 * `loadService` answers that 404).
 */
export async function loadRecentChecks(context: Context, serviceId: string) {
	try {
		return await recentChecks(getApi(context), serviceId)
	} catch (error) {
		if (error instanceof ApiError && error.status === 404) return null
		throw error
	}
}

/** Sends a signed `ping` now; answers the delivery after its first attempt. */
export async function sendTestEvent(context: Context, serviceId: string) {
	return (await getApi(context).call('sendWebhookTestEvent', { params: { id: serviceId } })).data
}

/** The challenge, then the wrong signature; answers the check with both exchanges and the verdicts. */
export async function checkEndpoint(context: Context, serviceId: string) {
	return (await getApi(context).call('checkWebhookEndpoint', { params: { id: serviceId } })).data
}

/**
 * The endpoint's health for the details page's banner, or null when it cannot
 * be read now: the banner is a hint, and an outage of this one call must not
 * take the whole page down. A 404 is the page's (getService says so too).
 */
export async function healthForBanner(context: Context, serviceId: string) {
	try {
		return await webhookHealth(getApi(context), serviceId)
	} catch (error) {
		if (error instanceof ApiError && (error.status === 404 || error.kind === 'unauthenticated')) {
			return rethrowNotFound(error)
		}
		if (error instanceof ApiError) return null
		throw error
	}
}

/**
 * The answer to a webhook action the API did not carry out: a service or
 * delivery that is not the partner's is a 404; a refusal (a reused key) is a
 * 422 with the API's message, an outage a 503 with "not saved" — on the same
 * page, never a 5xx page.
 */
export function webhookActionFailed(error: unknown, context: Context, request: Request) {
	throwIfNotFound(error)
	return replyWithApiError(null, error, context, { request })
}

/** A delivery's page, with a banner. */
export async function toDelivery(context: Context, serviceId: string, deliveryId: string, flash?: Flash) {
	if (flash) await getSession(context).setFlash(flash)
	return redirect(href('/services/:serviceId/webhooks/deliveries/:deliveryId', { serviceId, deliveryId }))
}

/** A check's result page. */
export function toCheck(serviceId: string, checkId: string) {
	return redirect(href('/services/:serviceId/webhooks/checks/:checkId', { serviceId, checkId }))
}
