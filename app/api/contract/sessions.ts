// Decision 0040.
import { z } from 'zod'
import { dataOf, isoDateTime, listOf, opaqueId, wholeNumber } from './common'
import { clientOriginLimits } from './constants'

export const sessionResource = z.object({
	id: opaqueId(),
	ip: z.string().max(clientOriginLimits.ipMax).nullable().describe('The address of its latest request.'),
	user_agent: z.string().max(clientOriginLimits.userAgentMax).nullable().describe('As the browser sent it at sign-in.'),
	signed_in_at: isoDateTime,
	last_active_at: isoDateTime.describe('Its latest request, to the minute.'),
	current: z.boolean().describe('The session of the bearer token.'),
})
export type Session = z.infer<typeof sessionResource>
export const sessionList = listOf(sessionResource)

export const endedSessionsResponse = dataOf(z.object({ ended: wholeNumber() }))
