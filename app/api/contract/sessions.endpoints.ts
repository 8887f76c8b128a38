/** Sessions: the account's sign-ins, each ended on its own or all but the current one. */
import { listQuery } from './common'
import { endpointsOf, invalid, notFound, signedIn } from './endpoint'
import { endedSessionsResponse, sessionList } from './sessions'

const EMAIL = 'Emails `session_ended`; the session’s refresh token stops working at once.'

export const sessionsEndpoints = endpointsOf('Sessions', 'access', {
	listSessions: {
		route: 'GET /users/me/sessions',
		summary: 'The live sessions of the account, most recently active first',
		description: 'One per complete sign-in, with its refreshes; a sign-in waiting for its second step is not one.',
		query: listQuery,
		responses: { 200: sessionList, ...signedIn, ...invalid },
	},
	deleteSession: {
		route: 'DELETE /users/me/sessions/{id}',
		summary: 'End one session of the account',
		description: `${EMAIL} Another account's, an ended or an unknown session is 404.`,
		responses: { 204: null, ...signedIn, ...notFound },
	},
	endOtherSessions: {
		route: 'POST /users/me/sessions/end-others',
		summary: 'End every session of the account except the current one',
		description: `${EMAIL} (when any was ended). Answers how many were ended.`,
		responses: { 200: endedSessionsResponse, ...signedIn },
	},
})
