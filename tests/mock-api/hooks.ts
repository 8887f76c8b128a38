/**
 * Test hooks under /__mock (documented in README.md). They are not part of
 * the partner API contract and never appear in the request log.
 */
import { z } from 'zod'
import { countryEnum, localeEnum } from '../../app/api/contract/index'
import { extractCodes, extractLinks } from './emails'
import { notFound, parseBody, reply, validationFailed, type Ctx, type Reply } from './http'
import { lockedForSeconds } from './lockout'
import type { MockStore } from './state'
import { generateTotpSecret } from './totp'

export const mockUserBody = z.object({
	email: z.email(),
	password: z.string().min(1, 'required'),
	first_name: z.string().min(1).optional(),
	last_name: z.string().min(1).optional(),
	company_name: z.string().min(1).optional(),
	country: countryEnum.optional(),
	locale: localeEnum.optional(),
	verified: z.boolean().optional(),
	totp: z.boolean().optional(),
	email_two_step: z.boolean().optional(),
	has_relation: z.boolean().optional(),
})
export type MockUserBody = z.infer<typeof mockUserBody>

export const clockBody = z.object({ advance_seconds: z.number().finite() })

export const faultBody = z
	.object({
		method: z.string().min(1, 'required'),
		path: z.string().startsWith('/'),
		status: z.number().int().min(200).max(599).optional(),
		delay_ms: z.number().int().min(0).max(120_000).optional(),
		times: z.number().int().min(1).optional(),
	})
	.refine((fault) => fault.status !== undefined || fault.delay_ms !== undefined, {
		path: ['status'],
		message: 'required',
	})
export type FaultBody = z.infer<typeof faultBody>

export const emailAddressBody = z.object({ email: z.email() })

/** Creates a user directly (no email sent), with optional active two-step methods. */
export async function createMockUser(store: MockStore, input: MockUserBody) {
	if (store.userByEmail(input.email)) {
		throw validationFailed({ email: ["This field must contain a value that doesn't exist."] })
	}
	const user = await store.createUser(input)
	let totpSecret: string | null = null
	if (input.totp) {
		const entry = store.ensureTwoStep(user.id, 'totp')
		totpSecret = generateTotpSecret()
		Object.assign(entry, { secret: totpSecret, active: true, activated_at: store.now() })
	}
	if (input.email_two_step) {
		Object.assign(store.ensureTwoStep(user.id, 'email'), { active: true, activated_at: store.now() })
	}
	store.changed()
	return { user: store.presentUser(user), totp_secret: totpSecret }
}

/** Answers a /__mock request, or null when no hook matches. */
export async function handleHook(ctx: Ctx): Promise<Reply | null> {
	const { store, method } = ctx
	const route = `${method} ${ctx.path.replace(/\/+$/, '')}`
	switch (route) {
		case 'GET /__mock/emails': {
			const to = ctx.query.get('to')?.toLowerCase()
			const emails = store.data.emails
				.filter((email) => !to || email.to.toLowerCase() === to)
				.map((email) => ({
					to: email.to,
					subject: email.subject,
					text: email.text,
					codes: extractCodes(email.text),
					links: extractLinks(email.text),
					sent_at: store.clock.iso(email.sent_at),
				}))
			return reply(200, { data: emails })
		}
		case 'GET /__mock/clock':
			return reply(200, { now: store.clock.iso() })
		case 'POST /__mock/clock': {
			const body = parseBody(ctx, clockBody)
			store.clock.advance(body.advance_seconds)
			store.changed()
			return reply(200, { now: store.clock.iso() })
		}
		case 'GET /__mock/requests':
			return reply(200, { data: store.requests })
		case 'DELETE /__mock/requests':
			store.requests = []
			return reply(204)
		case 'POST /__mock/faults': {
			const body = parseBody(ctx, faultBody)
			const fault = {
				method: body.method.toUpperCase(),
				path: body.path,
				status: body.status ?? null,
				delay_ms: body.delay_ms ?? 0,
				remaining: body.times ?? 1,
			}
			store.faults.push(fault)
			return reply(201, { data: fault })
		}
		case 'GET /__mock/faults':
			return reply(200, { data: store.faults })
		case 'DELETE /__mock/faults':
			store.faults = []
			return reply(204)
		case 'POST /__mock/reset':
			store.reset()
			return reply(204)
		case 'POST /__mock/users':
			return reply(201, { data: await createMockUser(store, parseBody(ctx, mockUserBody)) })
		case 'GET /__mock/users': {
			const email = ctx.query.get('email')
			const user = email ? store.userByEmail(email) : undefined
			if (!user) throw notFound()
			return reply(200, {
				data: {
					user: store.presentUser(user),
					has_relation: user.has_relation,
					lockout: {
						failures: user.lockout.failures,
						locks: user.lockout.locks,
						locked_for_seconds: lockedForSeconds(user.lockout, store.now()),
					},
					two_step: store.data.two_step
						.filter((entry) => entry.user_id === user.id)
						.map((entry) => store.presentTwoStep(entry)),
				},
			})
		}
		case 'POST /__mock/tokens/expire-access': {
			const body = parseBody(ctx, emailAddressBody)
			const user = store.userByEmail(body.email)
			if (!user) throw notFound()
			const now = store.now()
			for (const token of Object.values(store.data.tokens)) {
				if (token.user_id === user.id && token.kind === 'access' && token.expires_at > now) token.expires_at = now - 1
			}
			store.changed()
			return reply(204)
		}
		default:
			return null
	}
}

/** The first fault matching `method` + `path` (exact, or a prefix ending in `*`); counts it down. */
export function takeFault(store: MockStore, method: string, path: string) {
	const fault = store.faults.find(
		(candidate) =>
			(candidate.method === '*' || candidate.method === method) &&
			(candidate.path.endsWith('*') ? path.startsWith(candidate.path.slice(0, -1)) : candidate.path === path),
	)
	if (!fault) return undefined
	fault.remaining -= 1
	if (fault.remaining <= 0) store.faults = store.faults.filter((candidate) => candidate !== fault)
	return fault
}

/** The body of an injected failure status. */
export function faultReply(status: number): Reply {
	if (status >= 500) return reply(status, { message: 'Server Error.' })
	switch (status) {
		case 401:
			return reply(401, { message: 'Unauthenticated.' })
		case 403:
			return reply(403, { message: 'This action is unauthorized.' })
		case 404:
			return reply(404, { message: 'Not found.' })
		case 422:
			return reply(422, { message: 'This field is invalid.', errors: {} })
		case 429:
			return reply(
				429,
				{ message: 'Too Many Attempts.', code: 'too_many_attempts', retry_after_seconds: 60 },
				{ 'retry-after': '60' },
			)
		case 204:
			return reply(204)
		default:
			return reply(status, { message: `Injected ${status}.` })
	}
}
