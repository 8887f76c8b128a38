// Decision 0041: the browser's part of a passkey, with JavaScript only; the page says what works without it.
import { lazy, Suspense, type ReactNode } from 'react'
import { ClientOnly } from 'remix-utils/client-only'
import type { CeremonyProps } from './passkey-answer'

// With the WebAuthn library, loaded after hydration: no page's first load carries them.
const CeremonyForm = lazy(() => import('./passkey-ceremony-form'))

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
