import type { ShouldRevalidateFunction } from 'react-router'
import type { IdentityConfirmationMethod } from '#app/api/contract/identity'

// Decision 0022.
export type IdentityCheck =
	| { confirmed: true; minutesLeft: number }
	| {
			confirmed: false
			use: IdentityConfirmationMethod
			alternative: IdentityConfirmationMethod | null
			minutes: number
	  }

export const IDENTITY_FIELD = 'identity_method'

/** A link, so it works without JS. */
export const IDENTITY_METHOD_PARAM = 'with'

// Also after the action's 403 (the confirmation ended meanwhile), so the page asks again, as it does without JS.
export const revalidateWhenIdentityEnded: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
	actionStatus === 403 || defaultShouldRevalidate
