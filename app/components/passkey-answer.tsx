import type { PasskeyCreationOptions, PasskeyRequestOptions } from '#app/api/contract/passkeys'
import { Notice } from '#app/components/ui/notice'

/** What the route's action answers to `optionsIntent`: the options, or a form error. */
export type OptionsAnswer = {
	passkeyOptions?: PasskeyCreationOptions | PasskeyRequestOptions
	result?: { error?: Record<string, string[] | null> | null }
}

export type Ceremony = 'create' | 'get'

type Answer = OptionsAnswer['result']

const messagesOf = (result: Answer) => Object.values(result?.error ?? {}).flatMap((messages) => messages ?? [])

/** An answer's errors, form-level and of its few fields together: a passkey's form has little to point at. */
export function AnswerErrors({ result }: { result?: Answer }) {
	const messages = messagesOf(result)
	if (!messages.length) return null
	return (
		<Notice tone="error">
			{messages.map((message) => (
				<p key={message}>{message}</p>
			))}
		</Notice>
	)
}
