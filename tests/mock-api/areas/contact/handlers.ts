/** The contact form, signed in and signed out. */
import { contactMessageBody, guestContactMessageBody } from '../../../../app/api/contract/index'
import { newId } from '../../crypto'
import { caller, parseBody, reply, type Handlers } from '../../http'
import { sendEmail } from '../emails/state'

export const contactHandlers: Handlers<'createContactMessage' | 'createGuestContactMessage'> = {
	createContactMessage: (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		const body = parseBody(ctx, contactMessageBody)
		const id = newId()
		store.data.contact_messages.push({
			id,
			user_id: user.id,
			subject: body.subject,
			message: body.message,
			created_at: store.now(),
		})
		sendEmail(
			store,
			store.config.contactEmail,
			`Contact: ${body.subject}`,
			`From: ${user.first_name} ${user.last_name} <${user.email}>\nCompany: ${user.company_name}\n\n${body.message}\n`,
		)
		return reply(202, { data: { id } })
	},

	// The same answer whether or not the address is registered: nothing here looks the sender up.
	createGuestContactMessage: (ctx) => {
		const { store } = ctx
		const body = parseBody(ctx, guestContactMessageBody)
		const id = newId()
		store.data.contact_messages.push({
			id,
			user_id: null,
			sender: { name: body.name, email: body.email },
			subject: body.subject,
			message: body.message,
			created_at: store.now(),
		})
		sendEmail(
			store,
			store.config.contactEmail,
			`Contact (signed out): ${body.subject}`,
			`From: ${body.name} <${body.email}>\nSent without signing in: the address is not verified.\n\n${body.message}\n`,
		)
		return reply(202, { data: { id } })
	},
}
