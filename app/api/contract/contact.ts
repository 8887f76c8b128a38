import { z } from 'zod'
import { dataOf, emailField, limits, multiLineText, oneLineText, opaqueId } from './common'

export const contactMessageBody = z.object({
	subject: oneLineText(limits.contactSubjectMax),
	message: multiLineText(limits.contactMessageMax),
})

/** Signed out, the team replies to `email` (never trusted as an account's). */
export const guestContactMessageBody = z.object({
	name: oneLineText(limits.nameMax),
	email: emailField,
	...contactMessageBody.shape,
})

export const contactMessageResponse = dataOf(z.object({ id: opaqueId() }))
