/** A small typed client for the mock API's test hooks (tests/mock-api/README.md). */
export type MockEmail = { to: string; subject: string; text: string; codes: string[]; links: string[]; sent_at: string }
export type MockRequest = { method: string; path: string; status: number; auth: 'none' | 'access' | 'restricted' }
export type MockUserInput = {
	email: string
	password: string
	first_name?: string
	last_name?: string
	company_name?: string
	country?: string
	locale?: string
	verified?: boolean
	totp?: boolean
	email_two_step?: boolean
	has_relation?: boolean
}

export class MockApi {
	constructor(readonly url: string) {}

	private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url}${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		})
		if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${await response.text()}`)
		return (response.status === 204 ? undefined : await response.json()) as T
	}

	async emails(to?: string) {
		const query = to ? `?to=${encodeURIComponent(to)}` : ''
		return (await this.call<{ data: MockEmail[] }>('GET', `/__mock/emails${query}`)).data
	}
	async lastEmail(to: string) {
		const all = await this.emails(to)
		const last = all.at(-1)
		if (!last) throw new Error(`no email sent to ${to}`)
		return last
	}
	async now() {
		return new Date((await this.call<{ now: string }>('GET', '/__mock/clock')).now)
	}
	async advanceClock(seconds: number) {
		return this.call<{ now: string }>('POST', '/__mock/clock', { advance_seconds: seconds })
	}
	async requests() {
		return (await this.call<{ data: MockRequest[] }>('GET', '/__mock/requests')).data
	}
	async clearRequests() {
		await this.call('DELETE', '/__mock/requests')
	}
	async fault(fault: { method: string; path: string; status?: number; delay_ms?: number; times?: number }) {
		await this.call('POST', '/__mock/faults', fault)
	}
	async clearFaults() {
		await this.call('DELETE', '/__mock/faults')
	}
	async reset() {
		await this.call('POST', '/__mock/reset')
	}
	async createUser(input: MockUserInput) {
		return (
			await this.call<{ data: { user: { id: string; email: string }; totp_secret: string | null } }>(
				'POST',
				'/__mock/users',
				input,
			)
		).data
	}
	async expireAccessTokens(email: string) {
		await this.call('POST', '/__mock/tokens/expire-access', { email })
	}
}

let counter = 0
/** A unique address per call, so tests never collide on one mock. */
export function uniqueEmail(prefix = 'partner') {
	counter += 1
	return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`
}
