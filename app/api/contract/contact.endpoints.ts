/** Contact: messages to the partner team. */
import { contactMessageBody, contactMessageResponse, guestContactMessageBody } from './contact'
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
	createGuestContactMessage: {
		method: 'POST',
		path: '/guest-contact-messages',
		summary: 'Send a message to the partner team without signing in',
		description:
			'For a partner who cannot sign in (a lost authenticator). The same answer whether or not `email` is ' +
			'registered; the team replies to it and treats it as unverified.',
		tag: 'Contact',
		auth: 'none',
		request: guestContactMessageBody,
		rateLimit: rateLimits.guestContactMessages,
		responses: { 202: contactMessageResponse, ...invalid, ...throttled },
	},
} as const satisfies Record<string, Endpoint>
