/** Contact messages (each is also emailed to the contact address). */
import { list } from '../../collections'

export type ContactMessageRecord = { id: string; user_id: string; subject: string; message: string; created_at: number }

export const contactCollections = { contact_messages: list<ContactMessageRecord>() }
