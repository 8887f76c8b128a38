/**
 * The one client for the mock's /__mock hooks (README.md), used by the
 * mock's own tests (helpers.ts) and by the Playwright specs. Inputs are the
 * hooks' zod schemas; any answer other than 2xx throws with the body.
 */
import type { MockActivityInput } from './areas/activity/hooks'
import type { MockEmail } from './areas/emails/presenters'
import type {
	MockDnsRecord,
	MockDnsRecordInput,
	MockReview,
	MockReviewInput,
	MockStatsInput,
	MockWellKnownFile,
	MockWellKnownInput,
} from './areas/service-sections/hooks'
import type { MockClientAuthentication, MockClientAuthenticationInput } from './areas/services/hooks'
import type {
	MockWebhookDelivery,
	MockWebhookEventInput,
	MockWebhookReceiver,
	MockWebhookReceiverInput,
	MockWebhookRequest,
} from './areas/webhooks/hooks'
import type { FaultInput, MockUserCreated, MockUserInput, MockUserInspection } from './hooks'
import type { Fault, RequestLogEntry } from './store'

export type { FaultInput, MockUserInput }
export type { MockDnsRecordInput, MockReviewInput, MockStatsInput, MockWellKnownInput }
export type { MockWebhookEventInput, MockWebhookReceiverInput, MockWebhookRequest }
export type MockRequest = RequestLogEntry

/** The password of every partner a test creates, unless it says otherwise. */
export const PASSWORD = 'Correct-Horse-42!'

let counter = 0
/** A unique address per call, so tests never collide on one mock. */
export function uniqueEmail(prefix = 'partner') {
	counter += 1
	return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`
}

export class MockHooks {
	constructor(readonly url: string) {}

	private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url}/__mock${path}`, {
			method,
			// Every POST says JSON, even without a body: the mock refuses any other (a cross-site form's).
			headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		})
		if (!response.ok) throw new Error(`${method} /__mock${path} → ${response.status}: ${await response.text()}`)
		return (response.status === 204 ? undefined : await response.json()) as T
	}

	/** Emails sent (to `to`, matched case-insensitively), oldest first. */
	async emails(to?: string) {
		const query = to ? `?to=${encodeURIComponent(to)}` : ''
		return (await this.call<{ data: MockEmail[] }>('GET', `/emails${query}`)).data
	}
	/** The latest email to `to`; throws when there is none. */
	async lastEmail(to: string) {
		const last = (await this.emails(to)).at(-1)
		if (!last) throw new Error(`no email sent to ${to}`)
		return last
	}
	/** The mock clock's time. */
	async now() {
		return new Date((await this.call<{ now: string }>('GET', '/clock')).now)
	}
	async advanceClock(seconds: number) {
		return new Date((await this.call<{ now: string }>('POST', '/clock', { advance_seconds: seconds })).now)
	}
	async requests() {
		return (await this.call<{ data: MockRequest[] }>('GET', '/requests')).data
	}
	async clearRequests() {
		await this.call('DELETE', '/requests')
	}
	async fault(fault: FaultInput) {
		return (await this.call<{ data: Fault }>('POST', '/faults', fault)).data
	}
	async faults() {
		return (await this.call<{ data: Fault[] }>('GET', '/faults')).data
	}
	async clearFaults() {
		await this.call('DELETE', '/faults')
	}
	async reset() {
		await this.call('POST', '/reset')
	}
	async createUser(input: MockUserInput) {
		return (await this.call<{ data: MockUserCreated }>('POST', '/users', input)).data
	}
	/** A user with its lockout and two-step state; null when there is none. */
	async user(email: string) {
		const response = await fetch(`${this.url}/__mock/users?email=${encodeURIComponent(email)}`)
		if (response.status === 404) return null
		if (!response.ok) throw new Error(`GET /__mock/users → ${response.status}: ${await response.text()}`)
		return ((await response.json()) as { data: MockUserInspection }).data
	}
	async expireAccessTokens(email: string) {
		await this.call('POST', '/tokens/expire-access', { email })
	}

	// -- services ----------------------------------------------------------------------------
	/** The partner's service authenticates with its client id and a secret: that secret's `last_used_at` is now. */
	async authenticateClient(input: MockClientAuthenticationInput) {
		return (await this.call<{ data: MockClientAuthentication }>('POST', '/client-authentications', input)).data
	}

	// -- services part 2 ---------------------------------------------------------------
	/** Adds a DNS record the domain verifier sees (e.g. `{name: '_partner-verification.acme.example', type: 'TXT', value}`). */
	async addDnsRecord(record: MockDnsRecordInput) {
		return (await this.call<{ data: MockDnsRecord }>('POST', '/dns', record)).data
	}
	async clearDnsRecords() {
		await this.call('DELETE', '/dns')
	}
	/** Serves a file to the domain verifier at `url` (status 200 unless given); replaces one at the same URL. */
	async serveWellKnown(file: MockWellKnownInput) {
		return (await this.call<{ data: MockWellKnownFile }>('POST', '/well-known', file)).data
	}
	async clearWellKnown() {
		await this.call('DELETE', '/well-known')
	}
	/** The operator moves a review: `in_progress`, `verified`, or `dismissed` with a `reason`. */
	async setReview(serviceId: string, input: MockReviewInput) {
		return (await this.call<{ data: MockReview }>('POST', `/services/${encodeURIComponent(serviceId)}/review`, input))
			.data
	}
	/** Replaces the daily statistics of a service (days not listed are zeros; `[]`: no users). */
	async setStats(serviceId: string, days: MockStatsInput['days']) {
		await this.call('PUT', `/services/${encodeURIComponent(serviceId)}/stats`, { days })
	}

	// -- services part 3: webhooks ---------------------------------------------------------
	/**
	 * A simulated partner endpoint for exactly `url` (defaults: status 200, body "ok", no delay, echoes a
	 * challenge, answers 401 to a wrong signature). Registering the URL again replaces its behaviour and keeps
	 * what it received.
	 */
	async addWebhookReceiver(receiver: MockWebhookReceiverInput) {
		return (await this.call<{ data: MockWebhookReceiver }>('POST', '/webhook-receivers', receiver)).data
	}
	/** What the simulated endpoints received (at `url`, or all), oldest first. */
	async webhookRequests(url?: string) {
		const query = url ? `?url=${encodeURIComponent(url)}` : ''
		return (await this.call<{ data: MockWebhookRequest[] }>('GET', `/webhook-receivers/requests${query}`)).data
	}
	/** Removes every simulated endpoint and what they received. */
	async clearWebhookReceivers() {
		await this.call('DELETE', '/webhook-receivers')
	}
	/** The product sends an event (e.g. `password_changed_to_random_string`) to the service's webhook URL. */
	async sendWebhookEvent(serviceId: string, event: MockWebhookEventInput) {
		return (
			await this.call<{ data: MockWebhookDelivery }>(
				'POST',
				`/services/${encodeURIComponent(serviceId)}/webhook-events`,
				event,
			)
		).data
	}

	// -- activity log ----------------------------------------------------------------------
	/** `count` older entries in the service's activity log (settings changes by its partner, a minute apart). */
	async seedActivity(serviceId: string, input: MockActivityInput) {
		await this.call('POST', `/services/${encodeURIComponent(serviceId)}/activity`, input)
	}
}
