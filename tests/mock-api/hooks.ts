/**
 * Test hooks under /__mock (documented in README.md). They are not part of
 * the partner API contract and never appear in the request log.
 */
import { z } from 'zod'
import {
	countryEnum,
	currentPassword,
	emailField,
	localeEnum,
	passkeyRules,
	profileFields,
	type User,
	type UserAuthentication,
} from '../../app/api/contract/index'
import { INBOX_HEADERS, renderInbox } from './areas/emails/inbox'
import { presentEmail } from './areas/emails/presenters'
import { emailsTo } from './areas/emails/state'
import { handleActivityHook } from './areas/activity/hooks'
import { handleServiceSectionHook } from './areas/service-sections/hooks'
import { handleServicesHook } from './areas/services/hooks'
import { storeUnusablePasskey } from './areas/passkeys/state'
import { presentTwoStep } from './areas/two-step/presenters'
import { ensureTwoStep } from './areas/two-step/state'
import { presentUser } from './areas/users/presenters'
import { handleWebhookHook } from './areas/webhooks/hooks'
import { runDueRetries } from './areas/webhooks/state'
import { createUser, userByEmail } from './areas/users/state'
import { notFound, parseBody, reply, validationFailed, withoutTrailingSlashes, type Ctx, type Reply } from './http'
import { lockedForSeconds } from './lockout'
import type { MockStore } from './store'
import { generateTotpSecret } from './totp'

export const mockUserBody = z.object({
	email: emailField,
	password: currentPassword(),
	first_name: profileFields.first_name.optional(),
	last_name: profileFields.last_name.optional(),
	company_name: profileFields.company_name.optional(),
	country: countryEnum.optional(),
	locale: localeEnum.optional(),
	verified: z.boolean().optional(),
	totp: z.boolean().optional(),
	email_two_step: z.boolean().optional(),
	/** Passkeys of these names, with keys no test holds: the account has passkeys (a prompt offers them). */
	passkeys: z.array(z.string().max(passkeyRules.nameMax)).max(passkeyRules.perAccountMax).optional(),
	has_relation: z.boolean().optional(),
})
/** What a test sends to `POST /__mock/users`. */
export type MockUserInput = z.input<typeof mockUserBody>
/** The answer of `POST /__mock/users`. */
export type MockUserCreated = { user: User; totp_secret: string | null }
/** The answer of `GET /__mock/users?email=`. */
export type MockUserInspection = {
	user: User
	has_relation: boolean
	lockout: { failures: number; locks: number; locked_for_seconds: number }
	two_step: UserAuthentication[]
}

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
export type FaultInput = z.input<typeof faultBody>

export const emailAddressBody = z.object({ email: z.email() })

/** Creates a user directly (no email sent), with optional active two-step methods. */
async function createMockUser(store: MockStore, input: z.output<typeof mockUserBody>): Promise<MockUserCreated> {
	if (userByEmail(store, input.email)) {
		throw validationFailed({ email: ["This field must contain a value that doesn't exist."] })
	}
	const user = await createUser(store, input)
	let totpSecret: string | null = null
	if (input.totp) {
		const entry = ensureTwoStep(store, user.id, 'totp')
		totpSecret = generateTotpSecret()
		Object.assign(entry, { secret: totpSecret, active: true, activated_at: store.now() })
	}
	if (input.email_two_step) {
		Object.assign(ensureTwoStep(store, user.id, 'email'), { active: true, activated_at: store.now() })
	}
	for (const name of input.passkeys ?? []) storeUnusablePasskey(store, user.id, name)
	store.changed()
	return { user: presentUser(store, user), totp_secret: totpSecret }
}

/** Answers a /__mock request, or null when no hook matches. */
export async function handleHook(ctx: Ctx): Promise<Reply | null> {
	const { store, method } = ctx
	const route = `${method} ${withoutTrailingSlashes(ctx.path)}`
	switch (route) {
		case 'GET /__mock/emails':
			return reply(200, { data: emailsTo(store, ctx.query.get('to')).map((email) => presentEmail(store, email)) })
		case 'GET /__mock/inbox': {
			const to = ctx.query.get('to')?.trim() || undefined
			const html = renderInbox(store, emailsTo(store, to), to)
			return { status: 200, bytes: Buffer.from(html), headers: INBOX_HEADERS }
		}
		case 'GET /__mock/clock':
			return reply(200, { now: store.clock.iso() })
		case 'POST /__mock/clock': {
			const body = parseBody(ctx, clockBody)
			store.clock.advance(body.advance_seconds)
			store.changed()
			await runDueRetries(store) // webhook retries now due run before the answer, each at its due time
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
			const user = email ? userByEmail(store, email) : undefined
			if (!user) throw notFound()
			const data: MockUserInspection = {
				user: presentUser(store, user),
				has_relation: user.has_relation,
				lockout: {
					failures: user.lockout.failures,
					locks: user.lockout.locks,
					locked_for_seconds: lockedForSeconds(user.lockout, store.now()),
				},
				two_step: store.data.two_step
					.filter((entry) => entry.user_id === user.id)
					.map((entry) => presentTwoStep(store, entry)),
			}
			return reply(200, { data })
		}
		case 'POST /__mock/tokens/expire-access': {
			const body = parseBody(ctx, emailAddressBody)
			const user = userByEmail(store, body.email)
			if (!user) throw notFound()
			const now = store.now()
			for (const token of Object.values(store.data.tokens)) {
				if (token.user_id === user.id && token.kind === 'access' && token.expires_at > now) token.expires_at = now - 1
			}
			store.changed()
			return reply(204)
		}
		default:
			return (
				(await handleWebhookHook(ctx)) ??
				handleServiceSectionHook(ctx) ??
				handleServicesHook(ctx) ??
				handleActivityHook(ctx)
			)
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
