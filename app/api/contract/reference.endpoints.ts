/** Reference data: the lists of type ids other calls take. */
import { authenticationTypeList } from './auth'
import { keyFilterListQuery } from './common'
import { invalid, tagged } from './endpoint'
import { userTokenTypeList, userTypeList } from './users'

export const referenceEndpoints = tagged('Reference data', {
	listAuthenticationTypes: {
		method: 'GET',
		path: '/authentication-types',
		summary: 'Authentication types (password, email, totp, refresh)',
		auth: 'none',
		query: keyFilterListQuery,
		responses: { 200: authenticationTypeList, ...invalid },
	},
	listUserTypes: {
		method: 'GET',
		path: '/user-types',
		summary: 'User types (partner)',
		auth: 'none',
		query: keyFilterListQuery,
		responses: { 200: userTypeList, ...invalid },
	},
	listUserTokenTypes: {
		method: 'GET',
		path: '/user-token-types',
		summary: 'User token types (reset_password, email_verification, email_change)',
		auth: 'none',
		query: keyFilterListQuery,
		responses: { 200: userTokenTypeList, ...invalid },
	},
})
