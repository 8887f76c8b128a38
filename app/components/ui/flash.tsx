import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Flash } from '#app/auth/session.server'
import { Notice } from '#app/components/ui/notice'

const DismissFlash = createContext<() => void>(() => {})

/**
 * The root's one-time banner ("Service created."). Its loader shows it once:
 * without JS the next page load no longer has it. With JS a form that fails
 * in the browser loads nothing, so it hides the banner here instead
 * (`useDismissFlash`) — without revalidating, which would drop the page's
 * action data. A new banner from a later loader run shows again.
 */
export function FlashProvider({ flash, children }: { flash: Flash | null; children: ReactNode }) {
	const [dismissed, setDismissed] = useState<Flash | null>(null)
	const dismiss = useCallback(() => setDismissed(flash), [flash])
	return (
		<DismissFlash.Provider value={dismiss}>
			{flash && flash !== dismissed ? <FlashNotice flash={flash} /> : null}
			{children}
		</DismissFlash.Provider>
	)
}

function FlashNotice({ flash }: { flash: Flash }) {
	// The namespace of the key, loaded first if this page has not used it yet (the browser loads namespaces per page).
	const { t } = useTranslation(flash.key.split(':')[0])
	return (
		<div className="flash">
			<Notice tone={flash.tone} title={t(flash.key, flash.values)} />
		</div>
	)
}

export function useDismissFlash() {
	return useContext(DismissFlash)
}
