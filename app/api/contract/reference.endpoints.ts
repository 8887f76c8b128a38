/** Reference data: the lists of type ids other calls take. */
import { authenticationTypeList } from './auth'
import { keyFilterListQuery } from './common'
import { endpointsOf, invalid } from './endpoint'
import { userTokenTypeList, userTypeList } from './users'

export const referenceEndpoints = endpointsOf('Reference data', 'none', {
	listAuthenticationTypes: {
		route: 'GET /authentication-types',
		summary: 'Authentication types (password, email, totp, refresh)',
		query: keyFilterListQuery,
		responses: { 200: authenticationTypeList, ...invalid },
	},
	listUserTypes: {
		route: 'GET /user-types',
		summary: 'User types (partner)',
		query: keyFilterListQuery,
		responses: { 200: userTypeList, ...invalid },
	},
	listUserTokenTypes: {
		route: 'GET /user-token-types',
		summary: 'User token types (reset_password, email_verification, email_change)',
		query: keyFilterListQuery,
		responses: { 200: userTokenTypeList, ...invalid },
	},
})
