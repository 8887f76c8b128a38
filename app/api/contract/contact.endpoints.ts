/** Contact: messages to the partner team. */
import { contactMessageBody, contactMessageResponse } from './contact'
import { rateLimits } from './constants'
import { invalid, signedIn, throttled, type Endpoint } from './endpoint'

export const contactEndpoints = {
	createContactMessage: {
		method: 'POST',
		path: '/contact-messages',
		summary: 'Send a message to the partner team',
		tag: 'Contact',
		auth: 'access',
		request: contactMessageBody,
		rateLimit: rateLimits.contactMessages,
		responses: { 202: contactMessageResponse, ...signedIn, ...invalid, ...throttled },
	},
} as const satisfies Record<string, Endpoint>
