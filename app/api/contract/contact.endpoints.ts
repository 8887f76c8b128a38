/** Contact: messages to the partner team. */
import { contactMessageBody, contactMessageResponse, guestContactMessageBody } from './contact'
import { rateLimits } from './constants'
import { invalid, signedIn, throttled, tagged } from './endpoint'

export const contactEndpoints = tagged('Contact', {
	createContactMessage: {
		method: 'POST',
		path: '/contact-messages',
		summary: 'Send a message to the partner team',
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
		auth: 'none',
		request: guestContactMessageBody,
		rateLimit: rateLimits.guestContactMessages,
		responses: { 202: contactMessageResponse, ...invalid, ...throttled },
	},
})
