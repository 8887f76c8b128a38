// Decision 0041: the browser's part of a passkey, with JavaScript only; the page says what works without it.
import { lazy, Suspense, type ReactNode } from 'react'
import { ClientOnly } from 'remix-utils/client-only'
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '#app/api/contract/passkeys'
import type { AnswerResult } from '#app/components/ui/answer-errors'

// With the WebAuthn library, loaded after hydration: no page's first load carries them.
const CeremonyForm = lazy(() => import('./passkey-ceremony-form'))

/** What the route's action answers to `optionsIntent`: the options, or a form error. */
export type OptionsAnswer = { passkeyOptions?: PasskeyCreationOptions | PasskeyRequestOptions; result?: AnswerResult }

/** A field posted with the credential: it exists with JavaScript only, as the ceremony does. */
export type CeremonyField = {
	name: string
	label: string
	hint?: string
	type?: 'text' | 'password'
	autoComplete?: string
	maxLength?: number
}

export type CeremonyProps = {
	ceremony: 'create' | 'get'
	optionsIntent: string
	submitIntent: string
	label: string
	fields?: CeremonyField[]
	/** The route's answer to `submitIntent` (a refused credential). */
	lastResult?: AnswerResult
}

/**
 * A button that asks the action for options (`optionsIntent`, with `fields`), lets the browser make or use the
 * passkey, and posts its answer as `credential` with `submitIntent` and the fields. Without JavaScript: `fallback`.
 */
export function PasskeyCeremony({ fallback, ...props }: CeremonyProps & { fallback: ReactNode }) {
	return (
		<ClientOnly fallback={fallback}>
			{() => (
				<Suspense fallback={null}>
					<CeremonyForm {...props} />
				</Suspense>
			)}
		</ClientOnly>
	)
}
