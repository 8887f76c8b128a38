/** Contact messages (each is also emailed to the contact address). */
import { list } from '../../collections'

export type ContactMessageRecord = {
	id: string
	/** The signed-in sender; null for the signed-out form, whose sender only says who they are (`sender`). */
	user_id: string | null
	sender?: { name: string; email: string }
	subject: string
	message: string
	created_at: number
}

export const contactCollections = { contact_messages: list<ContactMessageRecord>() }
