/** The activity log of a service (docs/decisions/0031-activity-log.md). Someone else's service is 404. */
import { activityList, activityListQuery, clientOriginHeaders } from './activity'
import { clientOriginLimits } from './constants'
import { endpointsOf, invalid, notFound, signedIn } from './endpoint'

const { ip, userAgent, credential } = clientOriginHeaders

export const activityEndpoints = endpointsOf('Service activity', 'access', {
	listServiceActivity: {
		route: 'GET /services/{id}/activity',
		summary: 'What happened to the service in the last 90 days, newest first',
		description:
			'One entry per change, written in the same step as the change (a refused change leaves none), plus each ' +
			'identity confirmation of the partner and each refused one. Cursor pages; the cursor marks a position, so ' +
			'entries written meanwhile do not shift the next page; a malformed one is 422 on `cursor`. `kind` filters. ' +
			`The \`${ip}\` and \`${userAgent}\` headers of a call (sent by a client acting for a person, like the ` +
			`portal) are what an entry's \`origin\` records, when the call also carries \`${credential}\`: the secret ` +
			"the API issued that client, held by its server alone. Without it the caller's own address and " +
			`\`User-Agent\` are recorded; an IP header that is not an IP address is ignored, and a User-Agent is cut ` +
			`to ${clientOriginLimits.userAgentMax} characters.`,
		query: activityListQuery,
		responses: { 200: activityList, ...signedIn, ...notFound, ...invalid },
	},
})
