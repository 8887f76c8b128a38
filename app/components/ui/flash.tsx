import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import type { Flash } from '#app/auth/flash'
import { Notice } from '#app/components/ui/notice'

/** Translated on the server, whatever namespace its key names. */
export type FlashMessage = { tone: Flash['tone']; message: string; section?: string | undefined }

const DismissFlash = createContext<() => void>(() => {})
const PlacedFlash = createContext<FlashMessage | null>(null)

/** The root's one-time banner; a form failing in the browser hides it without revalidating (`useDismissFlash`). */
export function FlashProvider({ flash, children }: { flash: FlashMessage | null; children: ReactNode }) {
	const [dismissed, setDismissed] = useState<FlashMessage | null>(null)
	const dismiss = useCallback(() => setDismissed(flash), [flash])
	const shown = flash && flash !== dismissed ? flash : null
	return (
		<DismissFlash.Provider value={dismiss}>
			<PlacedFlash.Provider value={shown?.section ? shown : null}>
				{shown && !shown.section ? (
					<div className="flash">
						<Notice tone={shown.tone} title={shown.message} />
					</div>
				) : null}
				{children}
			</PlacedFlash.Provider>
		</DismissFlash.Provider>
	)
}

/** A section's flash, where its redirect jumps to (`#<section>`); with JS it takes focus. */
export function SectionFlash({ section, otherwise = null }: { section: string; otherwise?: ReactNode }) {
	const flash = useContext(PlacedFlash)
	const shown = flash?.section === section ? flash : null
	const ref = useRef<HTMLDivElement>(null)
	useEffect(() => {
		if (shown) ref.current?.focus()
	}, [shown])
	if (!shown) return otherwise
	return <Notice tone={shown.tone} title={shown.message} ref={ref} tabIndex={-1} />
}

export function useDismissFlash() {
	return useContext(DismissFlash)
}
