import type { IdentityConfirmationMethod } from '#app/api/contract/identity'

/**
 * What a confirmation page asks before a change that needs a confirmed identity
 * (docs/decisions/0022): nothing while this sign-in's confirmation lasts, else
 * the password or an authenticator code, with a way to the other one.
 */
export type IdentityCheck =
	| { confirmed: true; minutesLeft: number }
	| {
			confirmed: false
			use: IdentityConfirmationMethod
			alternative: IdentityConfirmationMethod | null
			/** How long a confirmation lasts. */
			minutes: number
	  }

/** The hidden field that says what a confirmation page asked for: `confirmed` (nothing), `password` or `totp`. */
export const IDENTITY_FIELD = 'identity_method'

/** The query parameter that picks the method (`?with=totp`): a link, so it works without JS. */
export const IDENTITY_METHOD_PARAM = 'with'

/**
 * `shouldRevalidate` of a page that asks for a confirmed identity: also after its action's 403 (the confirmation
 * ended meanwhile), so the page asks for the password again, as it does without JS.
 */
export const revalidateWhenIdentityEnded = ({
	actionStatus,
	defaultShouldRevalidate,
}: {
	actionStatus?: number
	defaultShouldRevalidate: boolean
}) => actionStatus === 403 || defaultShouldRevalidate
