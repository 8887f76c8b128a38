import { redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { needsIdentityConfirmation } from '#app/api/identity.server'
import type { Flash } from '#app/auth/flash'
import { getT } from '#app/middleware/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/utils/forms.server'
import { getSession } from '#app/context.server'
import { throwIfNotFound } from './load.server'

type Where = { flash: Flash; to: string }

export type ConfirmOptions = {
	/** The page's own words for a refusal of the API it knows (e.g. with a time to format), else null: the API's. */
	explain?: (error: unknown) => string | null
}

/**
 * The action of a page that confirms one change (`ConfirmationPage`, and the verify button of the verifications
 * page): make the change, then back to `to` with a banner. What the API did not make is answered on the same page:
 * something no longer there (or someone else's) is a 404; a refusal is a 422 with the API's messages (or the page's
 * `explain`), an outage a 503 with "not saved" — never a 5xx for the partner's mistake. A change that needs a
 * confirmed identity (`confirmIdentityThenChange`) and found it ended is a 403 that asks for it again.
 */
export async function confirmChange<T>(
	{ context, request }: { context: Readonly<RouterContextProvider>; request: Request },
	change: () => Promise<T>,
	then: (result: T) => Where | Promise<Where>,
	{ explain }: ConfirmOptions = {},
) {
	let result: T
	try {
		result = await change()
	} catch (error) {
		throwIfNotFound(error)
		if (needsIdentityConfirmation(error)) {
			const { submission } = parseForm(context, z.looseObject({}))
			return invalid(submission, { formErrors: [getT(context)('identity:ended')] }, 403)
		}
		const explained = explain?.(error)
		if (explained) {
			const { submission } = parseForm(context, z.looseObject({}))
			return invalid(submission, { formErrors: [explained] }, 422)
		}
		return replyWithApiError(null, error, context, { request })
	}
	const { flash, to } = await then(result)
	await getSession(context).setFlash(flash)
	return redirect(to)
}
