import { Notice } from './notice'

export type AnswerResult = { error?: Record<string, string[] | null> | null }

/** An action's errors, form-level and of its few fields together, for a form with no field to put them beside. */
export function AnswerErrors({ result }: { result?: AnswerResult }) {
	const messages = Object.values(result?.error ?? {}).flatMap((list) => list ?? [])
	if (!messages.length) return null
	return (
		<Notice tone="error">
			{messages.map((message) => (
				<p key={message}>{message}</p>
			))}
		</Notice>
	)
}
