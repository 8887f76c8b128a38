import { z } from 'zod'
import { currentPassword } from '#app/api/contract/common'
import { codeField } from '#app/auth/schemas'
import { IDENTITY_FIELD } from '#app/services/identity'

/** A confirmation has no fields: the CSRF token is checked before any action runs. */
export const confirmSchema = z.object({})

/**
 * A confirmation that needs a confirmed identity: nothing while this sign-in's
 * confirmation lasts, else the password or a code of the authenticator app.
 * One schema for the three, so the browser checks what the page shows now.
 */
export const confirmIdentitySchema = z.discriminatedUnion(IDENTITY_FIELD, [
	z.object({ [IDENTITY_FIELD]: z.literal('confirmed') }),
	z.object({ [IDENTITY_FIELD]: z.literal('password'), password: currentPassword() }),
	z.object({ [IDENTITY_FIELD]: z.literal('totp'), code: codeField }),
])
