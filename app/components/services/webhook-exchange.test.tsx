import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { WebhookExchange } from './webhook-exchange'
import type { WebhookExchange as Exchange } from '#app/api/contract/index'

async function render(exchange: Exchange) {
	return renderToStaticMarkup(<WebhookExchange exchange={exchange} label="Attempt 1" />)
}

const request: Exchange['request'] = {
	method: 'POST',
	url: 'https://acme.example/hooks',
	headers: { 'content-type': 'application/json', 'partner-signature': 't=1,v1=ab' },
	body: '{"type":"ping","note":"<b>"}',
}

describe('WebhookExchange', () => {
	test('an HTTP answer: request and response headers in tables, bodies in <pre>, escaped', async () => {
		const html = await render({
			started_at: '2026-11-23T10:00:00.000Z',
			request,
			response: { status: 401, headers: { 'x-id': '7' }, body: 'Invalid signature.', body_truncated: true },
			error: null,
			latency_ms: 12,
		})
		expect(html).toContain('Answered with HTTP status 401')
		expect(html).toContain('12 milliseconds')
		expect(html).toContain('<caption>Attempt 1: request headers</caption>')
		expect(html).toContain('<caption>Attempt 1: response headers</caption>')
		expect(html).toContain('partner-signature')
		expect(html).toContain('&lt;b&gt;')
		expect(html).not.toContain('<b>')
		expect(html).toContain('Invalid signature.')
		expect(html).toContain('only its first 1 KB is kept')
	})

	test('no answer: the error in words and its message, no response table', async () => {
		const html = await render({
			started_at: '2026-11-23T10:00:00.000Z',
			request,
			response: null,
			error: { code: 'tls', message: 'certificate has expired' },
			latency_ms: 1,
		})
		expect(html).toContain('No answer: the TLS handshake or certificate check failed')
		expect(html).toContain('certificate has expired')
		expect(html).toContain('1 millisecond')
		expect(html).not.toContain('response headers')
	})
})
