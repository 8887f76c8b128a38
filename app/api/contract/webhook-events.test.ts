import { describe, expect, test } from 'vitest'
import { useTestApi, uniqueEmail } from '#tests/mock-api/helpers'
import { createServiceResponse } from './services'
import { answersChallenge, webhookEventTypeEnum, webhookHeaders } from './webhook-deliveries'
import { webhookChallengeAnswer, webhookEventBody, webhookEventExamples, webhookEventSchemas } from './webhook-events'
import { webhookSignature } from './webhooks'

const eventTypes = webhookEventTypeEnum.options

describe('event schemas', () => {
	test('one per event type, and the union is exactly them', () => {
		expect(Object.keys(webhookEventSchemas)).toEqual(eventTypes)
		expect(webhookEventBody.options).toEqual(Object.values(webhookEventSchemas))
		for (const type of eventTypes) expect(webhookEventSchemas[type].shape.type.value).toBe(type)
	})

	test('every schema and field of a body is described for the docs', () => {
		for (const type of eventTypes) {
			const schema = webhookEventSchemas[type]
			expect(schema.meta()?.title, type).toBeTruthy()
			expect(schema.description, type).toBeTruthy()
			for (const [name, field] of Object.entries(schema.shape)) {
				if (name !== 'type' && name !== 'data') expect(field.description, `${type}.${name}`).toBeTruthy()
			}
		}
	})

	test('a body of one type is refused with the data of another', () => {
		const { ping, url_verification } = webhookEventExamples
		expect(webhookEventBody.safeParse({ ...ping, data: url_verification.data }).success).toBe(false)
		expect(webhookEventBody.safeParse({ ...ping, type: 'unknown' }).success).toBe(false)
	})
})

describe('examples', () => {
	test('one per event type, each valid against its own schema and the union, unchanged by parsing', () => {
		expect(Object.keys(webhookEventExamples)).toEqual(eventTypes)
		for (const type of eventTypes) {
			const example = webhookEventExamples[type]
			expect(example.type).toBe(type)
			expect(webhookEventSchemas[type].parse(example)).toEqual(example)
			expect(webhookEventBody.parse(example)).toEqual(example)
			expect(example.id).toMatch(/^evt_[0-9a-f]{32}$/)
		}
	})

	test('the JSON answer to the url_verification example answers its challenge', () => {
		const { challenge } = webhookEventExamples.url_verification.data
		const answer = webhookChallengeAnswer.parse({ challenge })
		expect(answersChallenge(JSON.stringify(answer), challenge)).toBe(true)
	})
})

describe('what the mock API sends', () => {
	const c = useTestApi()
	const HOOK_URL = 'https://hooks.events.example/partner'

	test('every body it sends (test event, endpoint check, product event) parses, with no field left out', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const bearer = (await c.signIn(email)).access
		const created = await c.call('createService', {
			bearer,
			body: {
				name: 'Events Check',
				description: 'Receives every event type.',
				category: 'productivity',
				website_url: 'https://events.example/',
				webhook_url: HOOK_URL,
				authorization_url: 'https://events.example/connect',
				idempotency_key: 'webhook-events-test',
			},
		})
		expect(created.status, JSON.stringify(created.body)).toBe(201)
		const params = { id: createServiceResponse.parse(created.body).data.id }
		await c.mock.addWebhookReceiver({ url: HOOK_URL })

		expect((await c.call('sendWebhookTestEvent', { bearer, params })).status).toBe(201)
		expect((await c.call('checkWebhookEndpoint', { bearer, params })).status).toBe(201)
		await c.mock.sendWebhookEvent(params.id, { type: 'password_changed_to_random_string' })

		const requests = await c.mock.webhookRequests(HOOK_URL)
		const sent = new Set<string>()
		for (const request of requests) {
			const body = JSON.parse(request.body) as unknown
			// Parsing drops what a schema does not know: equal means every field the mock sends is documented.
			const event = webhookEventBody.parse(body)
			expect(event).toEqual(body)
			sent.add(event.type)
			// The headers docs/openapi.json documents for every event.
			expect(request.headers).toMatchObject({
				[webhookSignature.headers.id]: event.id,
				[webhookHeaders.event.toLowerCase()]: event.type,
				'user-agent': webhookHeaders.userAgent,
				'content-type': expect.stringMatching(/^application\/json\b/),
			})
			for (const name of [webhookSignature.headers.timestamp, webhookSignature.headers.signature]) {
				expect(request.headers[name], name).toBeTruthy()
			}
			expect(request.headers[webhookHeaders.delivery.toLowerCase()]).toBeTruthy()
		}
		expect([...sent].sort()).toEqual([...eventTypes].sort())
	})
})
