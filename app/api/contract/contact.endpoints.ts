/** Contact: messages to the partner team. */
import { contactMessageBody, contactMessageResponse } from './contact'
import { invalid, signedIn, type Endpoint } from './endpoint'

export const contactEndpoints = {
	createContactMessage: {
		method: 'POST',
		path: '/contact-messages',
		summary: 'Send a message to the partner team',
		tag: 'Contact',
		auth: 'access',
		request: contactMessageBody,
		responses: { 202: contactMessageResponse, ...signedIn, ...invalid },
	},
} as const satisfies Record<string, Endpoint>
