/** Reference data: authentication types, user types, user token types. */
import { keyFilterListQuery } from '../../../../app/api/contract/index'
import { paginate, parseQuery, type Ctx, type Handlers, type Reply } from '../../http'
import { AUTHENTICATION_TYPES, USER_TOKEN_TYPES, USER_TYPES } from './data'

function keyFilteredList(ctx: Ctx, items: ReadonlyArray<{ key: string }>): Reply {
	const query = parseQuery(ctx, keyFilterListQuery)
	const key = query['filter[key:exact]']
	return paginate(ctx, key === undefined ? items : items.filter((item) => item.key === key), query)
}

export const referenceHandlers: Handlers<'listAuthenticationTypes' | 'listUserTypes' | 'listUserTokenTypes'> = {
	listAuthenticationTypes: (ctx) => keyFilteredList(ctx, AUTHENTICATION_TYPES),
	listUserTypes: (ctx) => keyFilteredList(ctx, USER_TYPES),
	listUserTokenTypes: (ctx) => keyFilteredList(ctx, USER_TOKEN_TYPES),
}
