// Decision 0039: new recovery codes are kept sealed for their partner only until they say they saved them.
import { href, redirect } from 'react-router'
import type { RecoveryCodeSet } from '#app/api/contract/index'
import type { TwoStepMethod } from '#app/api/two-step.server'
import { getT } from '#app/i18n.server'
import { getSession, getUser, type Context } from '#app/context.server'

export const RECOVERY_CODES_PAGE = href('/me/manage/security/multi-factor-authentication/recovery-codes')
const TWO_STEP_PAGE = href('/me/manage/security/multi-factor-authentication')

export async function keepNewCodes(context: Context, codes: RecoveryCodeSet) {
	await getSession(context).setSealed('recoveryCodes', codes, (await getUser(context)).id)
}

export async function newCodesOf(context: Context) {
	return getSession(context).getSealed('recoveryCodes', (await getUser(context)).id)
}

/** A method turned on: said so, then the new codes when the API made a set (the first method). */
export async function twoStepTurnedOn(context: Context, method: TwoStepMethod, codes: RecoveryCodeSet | null) {
	const t = getT(context)
	await getSession(context).setFlash({
		tone: 'success',
		key: 'account:twoStep.enabled',
		values: { method: t(method === 'totp' ? 'account:twoStep.totp' : 'account:twoStep.email') },
	})
	if (!codes) return redirect(TWO_STEP_PAGE)
	await keepNewCodes(context, codes)
	return redirect(RECOVERY_CODES_PAGE)
}
