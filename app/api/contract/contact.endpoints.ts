/** Contact: messages to the partner team. */
import { contactMessageBody, contactMessageResponse, guestContactMessageBody } from './contact'
import { rateLimits } from './constants'
import { endpointsOf, invalid, signedIn, throttled } from './endpoint'

export const contactEndpoints = endpointsOf('Contact', 'access', {
	createContactMessage: {
		route: 'POST /contact-messages',
		summary: 'Send a message to the partner team',
		request: contactMessageBody,
		rateLimit: rateLimits.contactMessages,
		responses: { 202: contactMessageResponse, ...signedIn, ...invalid, ...throttled },
	},
	createGuestContactMessage: {
		route: 'POST /guest-contact-messages',
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
