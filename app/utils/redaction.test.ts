import { describe, expect, test } from 'vitest'
import { redactSecretPaths, scrubEnvelope, scrubReplayRecording, scrubTelemetry, scrubText } from './redaction'

const RESET = 'Xy7_reset-TOKEN-value'
const VERIFY = 'abc.def-VERIFY'
const ACCESS = 'eyJhY2Nlc3MiOiJzZWNyZXQifQ'
const REFRESH = 'cmVmcmVzaC1zZWNyZXQ'
const XSRF = 'IkFCQyJ9.xsrf'
const PENDING = 'sealed-pending-sign-in-value'
const TOTP = 'sealed-totp-setup-value'
const COOKIE = `XSRF-TOKEN=${XSRF}; user.access-token=${ACCESS}; user.refresh-token=${REFRESH}; user.pending-sign-in=${PENDING}; user.totp-setup=${TOTP}`
const SECRETS = [RESET, VERIFY, ACCESS, REFRESH, XSRF, PENDING, TOTP, '123456', 'Bearer-secret']

/** Fails with the offending secret when any of them is still in `value`. */
function expectNoSecrets(value: unknown) {
	const text = JSON.stringify(value)
	for (const secret of SECRETS) expect(text, secret).not.toContain(secret)
	expect(text).not.toMatch(/[?&#](code|token|method|redirect_to|filter)/i)
}

describe('redactSecretPaths', () => {
	test('redacts the reset token and the emailed token, keeping the route shape', () => {
		expect(redactSecretPaths(`/auth/reset-password/token/${RESET}`)).toBe('/auth/reset-password/token/[redacted]')
		expect(redactSecretPaths(`/tokens/email_verification/${VERIFY}`)).toBe('/tokens/email_verification/[redacted]')
		expect(redactSecretPaths(`/tokens/email_change/${VERIFY}/`)).toBe('/tokens/email_change/[redacted]/')
	})
	test('is case-insensitive, like routing', () => {
		expect(redactSecretPaths(`/Auth/Reset-Password/Token/${RESET}`)).toBe('/Auth/Reset-Password/Token/[redacted]')
		expect(redactSecretPaths(`/AUTH/RESET-PASSWORD/TOKEN/${RESET}`)).toBe('/AUTH/RESET-PASSWORD/TOKEN/[redacted]')
		expect(redactSecretPaths(`/Tokens/Email_Verification/${VERIFY}`)).toBe('/Tokens/Email_Verification/[redacted]')
	})
	test('finds the paths inside URLs, messages and doubled slashes', () => {
		expect(redactSecretPaths(`GET https://p.example//auth//reset-password/token/${RESET} failed`)).toBe(
			'GET https://p.example//auth//reset-password/token/[redacted] failed',
		)
		expect(redactSecretPaths(`"/tokens/email_change/${VERIFY}"`)).toBe('"/tokens/email_change/[redacted]"')
	})
	test('leaves other paths alone, including API paths that contain "tokens"', () => {
		for (const path of [
			'/auth/reset-password',
			'/auth/reset-password/token',
			'/tokens/email_verification',
			'/services/42/manage',
			'/authentication-tokens/authentication-type-id/3',
			'/user-tokens/user-token-type-id/7/verify',
		]) {
			expect(redactSecretPaths(path)).toBe(path)
		}
	})
	test('reads the path as the router does: percent-encoded letters, merged slashes, encoded slashes', () => {
		expect(redactSecretPaths(`/auth/reset-password/%74oken/${RESET}`)).toBe('/auth/reset-password/%74oken/[redacted]')
		expect(redactSecretPaths(`//auth//reset-password//token//${RESET}`)).toBe(
			'//auth//reset-password//token//[redacted]',
		)
		expect(redactSecretPaths(`/%2574okens/email_change/${VERIFY}`)).toBe('/%2574okens/email_change/[redacted]')
		expect(redactSecretPaths(`/auth%2Freset-password%2Ftoken%2F${RESET}`)).toBe('/auth/reset-password/token/[redacted]')
		expect(redactSecretPaths(`Referer: https://p.example/Tokens//email_change/${VERIFY}`)).toBe(
			'Referer: https://p.example/Tokens//email_change/[redacted]',
		)
	})
	test('takes time in proportion to the text, whatever its slashes and words (issue 52: 16,000 slashes took 0.3 s)', () => {
		const hostile = [
			'/'.repeat(16_000),
			`${'a'.repeat(50_000)}!`,
			`/tokens${'/'.repeat(16_000)}x`,
			'token'.repeat(4_000),
		]
		const started = performance.now()
		for (const text of hostile) scrubText(text)
		expect(performance.now() - started).toBeLessThan(50)
	})
	test('is idempotent', () => {
		const once = redactSecretPaths(`/tokens/email_change/${VERIFY}`)
		expect(redactSecretPaths(once)).toBe(once)
	})
})

describe('scrubText', () => {
	test('drops query strings and fragments of URLs and paths', () => {
		expect(scrubText('https://p.example/auth/sign-in?redirect_to=/x&code=123456')).toBe(
			'https://p.example/auth/sign-in',
		)
		expect(scrubText('/auth/sign-in/two-step?method=email&code=123456')).toBe('/auth/sign-in/two-step')
		expect(scrubText('https://p.example?code=123456')).toBe('https://p.example')
		expect(scrubText('/contact#code=123456')).toBe('/contact')
		expect(scrubText('GET http://api.example/user-types?filter[key:exact]=partner → 500')).toBe(
			'GET http://api.example/user-types → 500',
		)
	})
	test('drops the secret of an otpauth URI', () => {
		expect(scrubText('otpauth://totp/Partner%20Portal:a@b.example?secret=JBSWY3DPEHPK3PXP&issuer=x')).toBe(
			'otpauth://totp/Partner%20Portal:a@b.example',
		)
	})
	test('redacts secret path segments together with the query', () => {
		expect(scrubText(`http://p.example/Auth/Reset-Password/Token/${RESET}?code=123456`)).toBe(
			'http://p.example/Auth/Reset-Password/Token/[redacted]',
		)
	})
	test('redacts cookie pairs, secret fields and bearer tokens in free text', () => {
		const text = scrubText(`cookie header was ${COOKIE}; code=123456 and Authorization: Bearer Bearer-secret`)
		expectNoSecrets(text)
		expect(text).toContain('user.access-token=[redacted]')
		expect(text).toContain('Bearer [redacted]')
	})
	test('redacts secret pairs whose value holds a slash, and a secret pair after another pair', () => {
		expect(scrubText('user.access-token=abc/def+ghi')).toBe('user.access-token=[redacted]')
		expect(scrubText('a=1&token=2')).toBe('a=1&token=[redacted]')
	})
	test('leaves ordinary messages alone', () => {
		for (const message of [
			'GET /user-authentications → 500',
			'Something went wrong?',
			'Expected 2 arguments',
			'/services/42',
		]) {
			expect(scrubText(message)).toBe(message)
		}
	})
})

describe('scrubTelemetry', () => {
	test('an error event: no cookies, credentials, body or query; URLs and breadcrumbs scrubbed', () => {
		const metadata = { normalizedRequest: { cookies: { a: 'b' } } }
		const event = {
			event_id: '93927a6ee994489bb9a1970228e80ff2',
			level: 'error',
			platform: 'node',
			transaction: `GET /Auth/Reset-Password/Token/${RESET}`,
			exception: {
				values: [
					{
						type: 'ApiError',
						value: `POST http://api.example/x?token=${RESET} → 500`,
						stacktrace: { frames: [{ filename: '/app/build/server/index.js', lineno: 628 }] },
					},
				],
			},
			request: {
				method: 'POST',
				url: `https://p.example/Auth/Reset-Password/Token/${RESET}?code=123456`,
				query_string: 'code=123456',
				cookies: { 'XSRF-TOKEN': XSRF, 'user.access-token': ACCESS, 'user.refresh-token': REFRESH },
				data: { password: 'hunter2', csrf: XSRF },
				headers: {
					Cookie: COOKIE,
					authorization: 'Bearer Bearer-secret',
					referer: `https://p.example/auth/reset-password/token/${RESET}`,
					'user-agent': 'node',
				},
			},
			breadcrumbs: [
				{
					category: 'http',
					type: 'http',
					data: { method: 'GET', url: 'http://api.example/user-types?filter[key:exact]=partner', status_code: 200 },
				},
			],
			extra: { refresh_token: REFRESH, note: `sent ${COOKIE}` },
			sdkProcessingMetadata: metadata,
		}
		const original = structuredClone({ ...event, sdkProcessingMetadata: undefined })
		const scrubbed = scrubTelemetry(event)

		expect(scrubbed.request).toEqual({
			method: 'POST',
			url: 'https://p.example/Auth/Reset-Password/Token/[redacted]',
			headers: { referer: 'https://p.example/auth/reset-password/token/[redacted]', 'user-agent': 'node' },
		})
		expect(scrubbed.transaction).toBe('GET /Auth/Reset-Password/Token/[redacted]')
		expect(scrubbed.exception.values[0]!.value).toBe('POST http://api.example/x → 500')
		expect(scrubbed.exception.values[0]!.stacktrace.frames[0]).toEqual({
			filename: '/app/build/server/index.js',
			lineno: 628,
		})
		expect(scrubbed.breadcrumbs[0]!.data).toEqual({
			method: 'GET',
			url: 'http://api.example/user-types',
			status_code: 200,
		})
		expect(scrubbed.extra).toEqual({ note: expect.stringContaining('user.pending-sign-in=[redacted]') })
		expect(scrubbed.event_id).toBe(event.event_id)
		const { sdkProcessingMetadata, ...sent } = scrubbed
		expectNoSecrets(sent)
		// The SDK's own metadata is never sent and stays untouched; the input is not mutated.
		expect(sdkProcessingMetadata).toBe(metadata)
		expect({ ...event, sdkProcessingMetadata: undefined }).toEqual(original)
	})

	test('a server transaction with spans: URL attributes, header attributes, span descriptions', () => {
		const transaction = {
			type: 'transaction',
			transaction: `GET /tokens/Email_Verification/${VERIFY}`,
			transaction_info: { source: 'url' },
			contexts: {
				trace: {
					trace_id: 'f4ddd259a6ff4d84b9518059ff0e5d65',
					span_id: 'afcce7156448df34',
					op: 'http.server',
					data: {
						'sentry.op': 'http.server',
						'url.full': `http://p.example/tokens/Email_Verification/${VERIFY}?code=123456`,
						'url.path': `/tokens/Email_Verification/${VERIFY}`,
						'http.url': `http://p.example/tokens/Email_Verification/${VERIFY}?code=123456`,
						'http.target': `/tokens/Email_Verification/${VERIFY}?code=123456`,
						'http.query': 'code=123456',
						'url.query': '?code=123456',
						'http.fragment': 'code=123456',
						url: `http://p.example/tokens/Email_Verification/${VERIFY}`,
						'http.request.header.cookie': COOKIE,
						'http.request.header.cookie.xsrf_token': XSRF,
						'http.request.header.cookie.user.pending_sign_in': PENDING,
						'http.request.header.authorization': 'Bearer Bearer-secret',
						'http.request.header.user_agent': 'node',
						'http.response.header.set_cookie': `user.access-token=${ACCESS}`,
						'http.response.status_code': 303,
					},
				},
			},
			spans: [
				{
					op: 'http.client',
					description: `POST http://api.example/user-tokens/user-token-type-id/7/verify?token=${VERIFY}`,
					span_id: 'b9866650c45c9d8f',
					data: {
						'http.url': 'http://api.example/user-tokens/user-token-type-id/7/verify',
						'http.query': `?token=${VERIFY}`,
						'http.request.header.authorization': 'Bearer Bearer-secret',
						'http.request.body': `{"token":"${VERIFY}"}`,
						'http.response.status_code': 200,
					},
				},
				{ op: 'function.react-router.loader', description: `/tokens/email_verification/${VERIFY}`, span_id: 'c1' },
			],
			request: {
				method: 'GET',
				url: `http://p.example/tokens/Email_Verification/${VERIFY}`,
				cookies: { 'user.access-token': ACCESS },
			},
		}
		const scrubbed = scrubTelemetry(transaction)
		expectNoSecrets(scrubbed)
		expect(scrubbed.transaction).toBe('GET /tokens/Email_Verification/[redacted]')
		expect(scrubbed.contexts.trace.data).toEqual({
			'sentry.op': 'http.server',
			'url.full': 'http://p.example/tokens/Email_Verification/[redacted]',
			'url.path': '/tokens/Email_Verification/[redacted]',
			'http.url': 'http://p.example/tokens/Email_Verification/[redacted]',
			'http.target': '/tokens/Email_Verification/[redacted]',
			url: 'http://p.example/tokens/Email_Verification/[redacted]',
			'http.request.header.user_agent': 'node',
			'http.response.status_code': 303,
		})
		expect(scrubbed.spans[0]).toEqual({
			op: 'http.client',
			description: 'POST http://api.example/user-tokens/user-token-type-id/7/verify',
			span_id: 'b9866650c45c9d8f',
			data: {
				'http.url': 'http://api.example/user-tokens/user-token-type-id/7/verify',
				'http.response.status_code': 200,
			},
		})
		expect(scrubbed.spans[1]!.description).toBe('/tokens/email_verification/[redacted]')
	})

	test('a standalone browser span (beforeSendSpan)', () => {
		const span = {
			span_id: 'a1b2c3d4e5f60718',
			trace_id: '83ffd46ff6b34f718c795ecb6279831d',
			op: 'browser.request',
			description: `http://p.example/Auth/Reset-Password/Token/${RESET}?code=123456`,
			start_timestamp: 1795416469.2045,
			data: {
				'sentry.op': 'browser.request',
				'url.template': '/auth/reset-password/token/:token',
				'http.request.header.referer': `http://p.example/auth/reset-password/token/${RESET}`,
			},
		}
		const scrubbed = scrubTelemetry(span)
		expectNoSecrets(scrubbed)
		expect(scrubbed).toEqual({
			...span,
			description: 'http://p.example/Auth/Reset-Password/Token/[redacted]',
			data: {
				'sentry.op': 'browser.request',
				'url.template': '/auth/reset-password/token/[redacted]',
				'http.request.header.referer': 'http://p.example/auth/reset-password/token/[redacted]',
			},
		})
	})

	test('browser breadcrumbs: fetch, xhr, navigation, console', () => {
		const crumbs = [
			{
				category: 'fetch',
				type: 'http',
				data: {
					method: 'GET',
					url: `/Auth/Reset-Password/Token/${RESET}?_data=routes%2Fx&code=123456`,
					status_code: 200,
				},
			},
			{
				category: 'xhr',
				type: 'http',
				data: {
					method: 'POST',
					url: 'https://p.example/auth/sign-in/two-step?method=email',
					status_code: 302,
					request_body_size: 42,
				},
			},
			{
				category: 'navigation',
				data: { from: `/tokens/email_change/${VERIFY}`, to: '/auth/sign-in?redirect_to=%2Fcontact' },
			},
			{
				category: 'console',
				level: 'warn',
				message: `Failed to load http://p.example/tokens/Email_Change/${VERIFY}?code=123456`,
			},
		]
		const scrubbed = crumbs.map((crumb) => scrubTelemetry(crumb))
		expectNoSecrets(scrubbed)
		expect(scrubbed.map((c) => c.data)).toEqual([
			{ method: 'GET', url: '/Auth/Reset-Password/Token/[redacted]', status_code: 200 },
			{ method: 'POST', url: 'https://p.example/auth/sign-in/two-step', status_code: 302, request_body_size: 42 },
			{ from: '/tokens/email_change/[redacted]', to: '/auth/sign-in' },
			undefined,
		])
		expect(scrubbed[3]!.message).toBe('Failed to load http://p.example/tokens/Email_Change/[redacted]')
	})

	test('survives circular references and keeps non-plain values as they are', () => {
		const date = new Date(0)
		const event: Record<string, unknown> = { when: date, count: 3, ok: true, none: null }
		event.self = event
		expect(scrubTelemetry(event)).toEqual({ when: date, count: 3, ok: true, none: null, self: '[Circular]' })
	})
})

describe('replay', () => {
	const recording = (events: unknown[]) => `{"segment_id":0}\n${JSON.stringify(events)}`
	const rrwebEvents = [
		{
			type: 4,
			data: { href: `https://p.example/Auth/Reset-Password/Token/${RESET}?code=123456`, width: 1280, height: 720 },
			timestamp: 1,
		},
		{
			type: 2,
			data: {
				node: {
					type: 2,
					tagName: 'form',
					attributes: { method: 'post', action: `/Auth/Reset-Password/Token/${RESET}`, 'data-token': XSRF },
					childNodes: [],
				},
			},
			timestamp: 2,
		},
		{
			type: 5,
			timestamp: 3,
			data: {
				tag: 'performanceSpan',
				payload: { op: 'navigation.navigate', description: `https://p.example/tokens/email_verification/${VERIFY}` },
			},
		},
	]

	test('a recording keeps its header line and loses URLs, form actions and secret attributes', () => {
		const scrubbed = scrubReplayRecording(recording(rrwebEvents))!
		expect(scrubbed.startsWith('{"segment_id":0}\n')).toBe(true)
		expectNoSecrets(scrubbed)
		const events = JSON.parse(scrubbed.slice(scrubbed.indexOf('\n') + 1))
		expect(events[0].data).toEqual({
			href: 'https://p.example/Auth/Reset-Password/Token/[redacted]',
			width: 1280,
			height: 720,
		})
		expect(events[1].data.node.attributes).toEqual({ method: 'post', action: '/Auth/Reset-Password/Token/[redacted]' })
	})

	test('a recording that cannot be read (compressed, malformed) is refused', () => {
		expect(scrubReplayRecording(new Uint8Array([31, 139, 8]))).toBeNull()
		expect(scrubReplayRecording('{"segment_id":0}\n[{"broken"')).toBeNull()
		expect(scrubReplayRecording('no header line')).toBeNull()
	})

	test('a replay envelope: headers, replay event and recording scrubbed, item length recomputed', () => {
		const payload = recording(rrwebEvents)
		const envelope = [
			{
				event_id: 'e1',
				sent_at: '2026-11-23T06:40:23.099Z',
				trace: { transaction: `/auth/reset-password/token/${RESET}`, public_key: 'pk' },
			},
			[
				[
					{ type: 'replay_event' },
					{
						type: 'replay_event',
						urls: [`https://p.example/Auth/Reset-Password/Token/${RESET}?code=123456`],
						request: {
							url: `https://p.example/auth/reset-password/token/${RESET}`,
							headers: { Referer: 'https://mail.example/?code=123456' },
						},
					},
				],
				[{ type: 'replay_recording', length: payload.length }, payload],
			],
		] as const
		const scrubbed = scrubEnvelope(envelope)!
		expectNoSecrets(scrubbed)
		expect(scrubbed[0]).toEqual({
			event_id: 'e1',
			sent_at: '2026-11-23T06:40:23.099Z',
			trace: { transaction: '/auth/reset-password/token/[redacted]', public_key: 'pk' },
		})
		const [eventItem, recordingItem] = scrubbed[1]
		expect(eventItem[1]).toEqual({
			type: 'replay_event',
			urls: ['https://p.example/Auth/Reset-Password/Token/[redacted]'],
			request: {
				url: 'https://p.example/auth/reset-password/token/[redacted]',
				headers: { Referer: 'https://mail.example/' },
			},
		})
		expect(recordingItem[0]).toEqual({
			type: 'replay_recording',
			length: new TextEncoder().encode(recordingItem[1] as string).length,
		})
	})

	test('an envelope with an unreadable recording is not sent; other items pass untouched', () => {
		const compressed = [
			{},
			[
				[{ type: 'replay_event' }, {}],
				[{ type: 'replay_recording' }, new Uint8Array([31, 139])],
			],
		]
		expect(scrubEnvelope(compressed)).toBeNull()
		const event = { request: { url: 'already scrubbed by beforeSend' } }
		const other = [{}, [[{ type: 'event' }, event]]] as const
		expect(scrubEnvelope(other)![1][0][1]).toBe(event)
	})
})
