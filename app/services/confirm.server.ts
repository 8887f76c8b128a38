import { redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { needsIdentityConfirmation } from '#app/api/identity.server'
import type { Flash } from '#app/auth/flash'
import { getT } from '#app/i18n.server'
import { invalid, parseForm } from '#app/forms/forms.server'
import { getSession } from '#app/context.server'
import { changeFailed } from './load.server'

type Where = { flash: Flash; to: string }

// A refusal is a 422, an outage a 503 "not saved", on the same page; an ended identity confirmation a 403.
export async function confirmChange<T>(
	{ context, request }: { context: Readonly<RouterContextProvider>; request: Request },
	change: () => Promise<T>,
	then: (result: T) => Where | Promise<Where>,
	{ explain }: { explain?: (error: unknown) => string | null } = {},
) {
	let result: T
	try {
		result = await change()
	} catch (error) {
		if (needsIdentityConfirmation(error)) {
			const { submission } = parseForm(context, z.looseObject({}))
			return invalid(submission, { formErrors: [getT(context)('identity:ended')] }, 403)
		}
		const explained = explain?.(error)
		if (explained) {
			const { submission } = parseForm(context, z.looseObject({}))
			return invalid(submission, { formErrors: [explained] }, 422)
		}
		return changeFailed(null, error, context, { request })
	}
	const { flash, to } = await then(result)
	await getSession(context).setFlash(flash)
	return redirect(to)
}
