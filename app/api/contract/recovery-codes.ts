// Decision 0039.
import { z } from 'zod'
import { codedValidationBody, currentPassword, dataOf, isoDateTime, limits } from './common'
import { recoveryCodeRules } from './constants'

/** As the partner types it: the API ignores case, spaces and hyphens. */
export const recoveryCodeField = z
	.string()
	.trim()
	.min(1, 'required')
	.max(limits.recoveryCodeMax)
	.regex(/^[\dA-Za-z -]*$/, 'format')
	.describe('One of the account’s recovery codes, e.g. `k7mq2-x9p4d` (case, spaces and hyphens ignored).')

export const recoveryCodeSignInBody = z.object({ code: recoveryCodeField })

export const recoveryCodeStatus = z
	.object({ remaining: z.number().int().min(0).max(recoveryCodeRules.count), generated_at: isoDateTime })
	.describe('The current set of recovery codes; null on the user when two-step is off.')
export type RecoveryCodeStatus = z.infer<typeof recoveryCodeStatus>

export const recoveryCodeSet = z.object({
	codes: z
		.array(z.string().max(limits.recoveryCodeMax))
		.length(recoveryCodeRules.count)
		.describe('Shown once: the API keeps only their hashes.'),
	generated_at: isoDateTime,
})
export type RecoveryCodeSet = z.infer<typeof recoveryCodeSet>
export const recoveryCodeSetResponse = dataOf(recoveryCodeSet)

export const createRecoveryCodesBody = z.object({ password: currentPassword() })

export const twoStepInactiveBody = codedValidationBody('two_step_inactive', 'Turn on two-step authentication first.')
