import type { PasskeyCreationOptions, PasskeyRequestOptions } from '#app/api/contract/passkeys'
import type { AnswerResult } from '#app/components/ui/answer-errors'

/** What the route's action answers to `optionsIntent`: the options, or a form error. */
export type OptionsAnswer = { passkeyOptions?: PasskeyCreationOptions | PasskeyRequestOptions; result?: AnswerResult }

export type Ceremony = 'create' | 'get'

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
	ceremony: Ceremony
	optionsIntent: string
	submitIntent: string
	label: string
	fields?: CeremonyField[]
	/** The route's answer to `submitIntent` (a refused credential). */
	lastResult?: AnswerResult
}
