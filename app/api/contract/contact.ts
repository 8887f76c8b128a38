/** The contact form: a message to the partner team. */
import { z } from 'zod'
import { dataOf, limits, requiredText } from './common'

export const contactMessageBody = z.object({
	subject: requiredText(limits.contactSubjectMax),
	message: requiredText(limits.contactMessageMax),
})
export type ContactMessageBody = z.infer<typeof contactMessageBody>

export const contactMessageResponse = dataOf(z.object({ id: z.string() }))
export type ContactMessageResponse = z.infer<typeof contactMessageResponse>
