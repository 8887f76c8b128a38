/** The contact form, signed in and signed out. */
import { contactMessageBody, guestContactMessageBody } from '../../../../app/api/contract/index'
import { newId } from '../../crypto'
import { caller, parseBody, reply, type Handlers } from '../../http'
import type { MockStore } from '../../store'
import { emailSubject, sendEmail } from '../emails/state'

/** Keeps a message and emails it to the contact address: `from` opens the email, then the message. */
function deliver(
	store: MockStore,
	who: { user_id: string } | { user_id: null; sender: { name: string; email: string } },
	{ subject, message }: { subject: string; message: string },
	{ kind, from }: { kind: 'contact' | 'guest_contact'; from: string },
) {
	const id = newId()
	store.data.contact_messages.push({ id, ...who, subject, message, created_at: store.now() })
	sendEmail(store, store.config.contactEmail, emailSubject(kind, { subject }), `${from}\n\n${message}\n`)
	return reply(202, { data: { id } })
}

export const contactHandlers: Handlers<'createContactMessage' | 'createGuestContactMessage'> = {
	createContactMessage: (ctx) => {
		const { user } = caller(ctx)
		return deliver(ctx.store, { user_id: user.id }, parseBody(ctx, contactMessageBody), {
			kind: 'contact',
			from: `From: ${user.first_name} ${user.last_name} <${user.email}>\nCompany: ${user.company_name}`,
		})
	},

	// The same answer whether or not the address is registered: nothing here looks the sender up.
	createGuestContactMessage: (ctx) => {
		const body = parseBody(ctx, guestContactMessageBody)
		return deliver(ctx.store, { user_id: null, sender: { name: body.name, email: body.email } }, body, {
			kind: 'guest_contact',
			from: `From: ${body.name} <${body.email}>\nSent without signing in: the address is not verified.`,
		})
	},
}
