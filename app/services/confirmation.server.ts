// Decision 0022: the password and the code are never kept in the form's answer, a log or a URL.
import { redirect, type RouterContextProvider } from 'react-router'
import { identityConfirmationSeconds } from '#app/api/contract/index'
import type { Flash } from '#app/auth/flash'
import { confirmIdentitySchema } from '#app/auth/schemas'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { pageMeta } from '#app/utils/meta'
import { confirmChange } from './confirm.server'
import { IDENTITY_FIELD, IDENTITY_METHOD_PARAM, type IdentityCheck } from './identity'
import { getApi } from '#app/context.server'

export type ConfirmationArgs = { context: Readonly<RouterContextProvider>; request: Request; params: object }

async function identityCheck({ context, request }: ConfirmationArgs): Promise<IdentityCheck> {
	const { data: state } = await getApi(context).call('getIdentityConfirmation')
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

/** A `confirmationPage`'s loader: `back` is where it came from and leads; `'unless-confirmed'` skips a confirmed identity. */
export function confirmationLoader<
	A extends ConfirmationArgs,
	D extends { back: string; heading: string; metaTitle?: string; refusals?: readonly string[] | null },
>(identity: 'ask' | 'unless-confirmed' | null, load: (args: A, t: ReturnType<typeof getT>) => Promise<D>) {
	return async (args: A) => {
		const t = getT(args.context)
		const [data, check] = await Promise.all([load(args, t), identity ? identityCheck(args) : undefined])
		if (identity === 'unless-confirmed' && check?.confirmed) throw redirect(data.back)
		return { ...data, identity: check, ...pageMeta(t, data.metaTitle ?? data.heading) }
	}
}

/** Its action: the identity step, the change, `after`, then a flash where `done` leads (decision 0022). */
export function confirmationAction<A extends ConfirmationArgs, T>({
	identity,
	change,
	after,
	done,
	explain,
}: {
	identity: boolean
	change: (args: A) => Promise<T>
	after?: (result: T, args: A) => Promise<void>
	done: (args: A) => Omit<Flash, 'tone'> & { to: string }
	explain?: (error: unknown, args: A) => string | null
}) {
	return async (args: A) => {
		const { context } = args
		if (identity) {
			const { submission } = parseForm(context, confirmIdentitySchema)
			if (submission.status !== 'success') return invalid(submission)
			const asked = submission.value
			if (asked[IDENTITY_FIELD] !== 'confirmed') {
				try {
					await getApi(context).call('confirmIdentity', {
						body: asked[IDENTITY_FIELD] === 'password' ? { password: asked.password } : { code: asked.code },
					})
				} catch (error) {
					return replyWithApiError(submission, error, context, { fields: ['password', 'code'], request: args.request })
				}
			}
		}
		return confirmChange(
			args,
			() => change(args),
			async (result) => {
				await after?.(result, args)
				const { to, ...flash } = done(args)
				return { flash: { tone: 'success', ...flash }, to }
			},
			{ explain: explain && ((error) => explain(error, args)) },
		)
	}
}
