/** The contact form. */
import { contactMessageBody } from '../../../../app/api/contract/index'
import { newId } from '../../crypto'
import { caller, parseBody, reply, type Handlers } from '../../http'
import { sendEmail } from '../emails/state'

export const contactHandlers: Handlers<'createContactMessage'> = {
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
}
