// Decision 0022: the password and the code are never kept in the form's answer, a log or a URL.
import type { RouterContextProvider } from 'react-router'
import { identityConfirmationSeconds } from '#app/api/contract/index'
import { confirmIdentity, identityConfirmation } from '#app/api/identity.server'
import { confirmIdentitySchema } from '#app/auth/schemas'
import { confirmChange, type ConfirmOptions } from '#app/services/confirm.server'
import { invalid, parseForm, replyWithApiError } from '#app/utils/forms.server'
import { IDENTITY_FIELD, IDENTITY_METHOD_PARAM, type IdentityCheck } from './identity'
import { getApi } from '#app/context.server'

type Args = { context: Readonly<RouterContextProvider>; request: Request }

export async function identityCheck({ context, request }: Args): Promise<IdentityCheck> {
	const state = await identityConfirmation(getApi(context))
	if (state.confirmed) return { confirmed: true, minutesLeft: Math.max(1, Math.ceil(state.expires_in_seconds / 60)) }
	const asked = new URL(request.url).searchParams.get(IDENTITY_METHOD_PARAM)
	const use = asked === 'totp' && state.methods.includes('totp') ? 'totp' : 'password'
	return {
		confirmed: false,
		use,
		alternative: state.methods.find((method) => method !== use) ?? null,
		minutes: identityConfirmationSeconds / 60,
	}
}

// Had the confirmation ended meanwhile, `confirmChange` says so and the page asks again.
export async function confirmIdentityThenChange<T>(
	args: Args,
	change: () => Promise<T>,
	then: Parameters<typeof confirmChange<T>>[2],
	options: ConfirmOptions = {},
) {
	const { context, request } = args
	const { submission } = parseForm(context, confirmIdentitySchema)
	if (submission.status !== 'success') return invalid(submission)
	const asked = submission.value
	if (asked[IDENTITY_FIELD] !== 'confirmed') {
		try {
			await confirmIdentity(
				getApi(context),
				asked[IDENTITY_FIELD] === 'password' ? { password: asked.password } : { code: asked.code },
			)
		} catch (error) {
			return replyWithApiError(submission, error, context, { fields: ['password', 'code'], request })
		}
	}
	return confirmChange(args, change, then, options)
}
