// Actions import these; forms load them lazily (`useAppForm`), so zod is in no page's first load.
import { z } from 'zod'
import { currentPassword, emailField, opaqueId, twoStepMethodKeyEnum } from '#app/api/contract/common'
import { createPasskeyBody, passkeyRegistrationCredential } from '#app/api/contract/passkeys'
import { createRecoveryCodesBody } from '#app/api/contract/recovery-codes'
import { deactivateTwoStepBody } from '#app/api/contract/two-step'
import { differentFromCurrent, newPasswordFields, profileFields, withConfirmation } from '#app/api/contract/users'
import { codeField, passkeyCredentialField } from '#app/auth/schemas'
import { PASSKEY_INTENT, RECOVERY_INTENT, SESSION_INTENT } from './intents'

export const personalDetailsSchema = z.object(profileFields)

export const emailSchema = z.object({ email: emailField, current_password: currentPassword() })

export const passwordSchema = differentFromCurrent(
	withConfirmation(z.object({ current_password: currentPassword(), ...newPasswordFields })),
)

export const disableTwoStepSchema = deactivateTwoStepBody.extend({ method: twoStepMethodKeyEnum })

export const totpSchema = z.object({ code: codeField })

export const emailCodeSchema = z.object({ intent: z.literal('activate'), code: codeField })

export const recoveryCodesKeptSchema = z.object({
	intent: z.literal(RECOVERY_INTENT.kept),
	kept: z.literal('on', 'required'),
})

export const newRecoveryCodesSchema = createRecoveryCodesBody.extend({ intent: z.literal(RECOVERY_INTENT.generate) })

export const sessionsSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal(SESSION_INTENT.end), session: opaqueId() }),
	z.object({ intent: z.literal(SESSION_INTENT.endOthers) }),
])

// Empty: the server names the passkey after the browser.
const passkeyName = createPasskeyBody.shape.name.optional()

// The password when the identity is not confirmed yet (decision 0022).
export const passkeyOptionsSchema = z.object({
	intent: z.literal(PASSKEY_INTENT.options),
	name: passkeyName,
	password: currentPassword().optional(),
})

export const newPasskeySchema = z.object({
	intent: z.literal(PASSKEY_INTENT.create),
	name: passkeyName,
	credential: passkeyCredentialField(passkeyRegistrationCredential),
})
