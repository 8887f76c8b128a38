/** Passkeys: listed, added and removed with a confirmed identity, and offered at the second step. */
import { createPasskeyBody, passkeyRules } from '../../../../app/api/contract/index'
import {
	caller,
	fail,
	notFound,
	paginate,
	parseBody,
	reply,
	validationFailed,
	type Ctx,
	type Handlers,
} from '../../http'
import { emailPasskeyChanged } from '../emails/notices'
import { requireConfirmedIdentity } from '../identity/state'
import { activeTwoStepMethods } from '../two-step/state'
import { passkeysOf, presentPasskey, registerPasskey, registrationOptions, signInOptions } from './state'

/** A passkey is never the only way in: another method is on first. */
function requireTwoStep(ctx: Ctx) {
	if (activeTwoStepMethods(ctx.store, caller(ctx).user.id).length > 0) return
	const message = 'Turn on two-step authentication first.'
	throw fail(422, { message, code: 'two_step_inactive', errors: { credential: [message] } })
}

const invalidPasskey = () => {
	const message = 'The passkey could not be verified. Try again.'
	return fail(422, { message, code: 'passkey_invalid', errors: { credential: [message] } })
}

export const passkeyHandlers: Handlers<
	'listPasskeys' | 'createPasskeyRegistrationOptions' | 'createPasskey' | 'deletePasskey' | 'createPasskeySignInOptions'
> = {
	listPasskeys: (ctx) => {
		const { user } = caller(ctx)
		return paginate(
			ctx,
			passkeysOf(ctx.store, user.id).map((passkey) => presentPasskey(ctx.store, passkey)),
		)
	},

	createPasskeyRegistrationOptions: async (ctx) => {
		const auth = caller(ctx)
		requireConfirmedIdentity(ctx.store, auth)
		requireTwoStep(ctx)
		if (passkeysOf(ctx.store, auth.user.id).length >= passkeyRules.perAccountMax)
			throw validationFailed({ name: [`You have ${passkeyRules.perAccountMax} passkeys. Remove one first.`] })
		return reply(200, { data: await registrationOptions(ctx.store, auth.user) })
	},

	createPasskey: async (ctx) => {
		const auth = caller(ctx)
		requireConfirmedIdentity(ctx.store, auth)
		const body = parseBody(ctx, createPasskeyBody)
		requireTwoStep(ctx)
		const passkey = await registerPasskey(ctx.store, auth.user, body)
		if (!passkey) throw invalidPasskey()
		emailPasskeyChanged(ctx.store, auth.user, passkey.name, true)
		return reply(201, { data: presentPasskey(ctx.store, passkey) })
	},

	deletePasskey: (ctx) => {
		const auth = caller(ctx)
		requireConfirmedIdentity(ctx.store, auth)
		const passkey = passkeysOf(ctx.store, auth.user.id).find((candidate) => candidate.id === ctx.params.id)
		if (!passkey) throw notFound()
		delete ctx.store.data.passkeys[passkey.id]
		ctx.store.changed()
		emailPasskeyChanged(ctx.store, auth.user, passkey.name, false)
		return reply(204)
	},

	createPasskeySignInOptions: async (ctx) => {
		const { user, token } = caller(ctx)
		if (passkeysOf(ctx.store, user.id).length === 0) throw notFound()
		return reply(200, { data: await signInOptions(ctx.store, user.id, token.family_id) })
	},
}
