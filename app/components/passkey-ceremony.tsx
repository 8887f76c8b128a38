// Decision 0041: the browser's part of a passkey, with JavaScript only; the page says what works without it.
import { lazy, Suspense, type ReactNode } from 'react'
import { ClientOnly } from 'remix-utils/client-only'
import type { Ceremony } from './passkey-answer'

// With the WebAuthn library, loaded after hydration: no page's first load carries them.
const CeremonyForm = lazy(() => import('./passkey-ceremony-form'))

/**
 * A button that asks the action for options (`optionsIntent`), lets the browser make or use the passkey, and posts
 * its answer as `credential` with `submitIntent` and the form's own fields. Without JavaScript: `fallback`.
 */
export function PasskeyCeremony({
	ceremony,
	optionsIntent,
	submitIntent,
	label,
	fallback,
	children,
}: {
	ceremony: Ceremony
	optionsIntent: string
	submitIntent: string
	label: string
	fallback: ReactNode
	/** Fields posted with the credential (e.g. the passkey's name). */
	children?: ReactNode
}) {
	return (
		<ClientOnly fallback={fallback}>
			{() => (
				<Suspense fallback={null}>
					<CeremonyForm {...{ ceremony, optionsIntent, submitIntent, label }}>{children}</CeremonyForm>
				</Suspense>
			)}
		</ClientOnly>
	)
}
