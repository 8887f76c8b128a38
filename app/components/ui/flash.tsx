import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'
import type { Flash } from '#app/auth/session.server'
import { Notice } from '#app/components/ui/notice'

/** A flash as the root loader sends it: translated on the server, whatever namespace its key names. */
export type FlashMessage = { tone: Flash['tone']; message: string }

const DismissFlash = createContext<() => void>(() => {})

/**
 * The root's one-time banner ("Service created."). Its loader shows it once:
 * without JS the next page load no longer has it. With JS a form that fails
 * in the browser loads nothing, so it hides the banner here instead
 * (`useDismissFlash`) — without revalidating, which would drop the page's
 * action data. A new banner from a later loader run shows again.
 */
export function FlashProvider({ flash, children }: { flash: FlashMessage | null; children: ReactNode }) {
	const [dismissed, setDismissed] = useState<FlashMessage | null>(null)
	const dismiss = useCallback(() => setDismissed(flash), [flash])
	return (
		<DismissFlash.Provider value={dismiss}>
			{flash && flash !== dismissed ? <FlashNotice flash={flash} /> : null}
			{children}
		</DismissFlash.Provider>
	)
}

function FlashNotice({ flash }: { flash: FlashMessage }) {
	return (
		<div className="flash">
			<Notice tone={flash.tone} title={flash.message} />
		</div>
	)
}

export function useDismissFlash() {
	return useContext(DismissFlash)
}
