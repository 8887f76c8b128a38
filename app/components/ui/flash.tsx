import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import type { Flash } from '#app/auth/flash'
import { Notice } from '#app/components/ui/notice'

/** A flash as the root loader sends it: translated on the server, whatever namespace its key names. */
export type FlashMessage = { tone: Flash['tone']; message: string; section?: string | undefined }

const DismissFlash = createContext<() => void>(() => {})
/** The shown flash that belongs to a section of the page (`Flash.section`), for its `SectionFlash`. */
const PlacedFlash = createContext<FlashMessage | null>(null)

/**
 * The root's one-time banner ("Service created."). Its loader shows it once:
 * without JS the next page load no longer has it. With JS a form that fails
 * in the browser loads nothing, so it hides the banner here instead
 * (`useDismissFlash`) — without revalidating, which would drop the page's
 * action data. A new banner from a later loader run shows again. A flash about
 * one section of the page shows in that section instead (`SectionFlash`).
 */
export function FlashProvider({ flash, children }: { flash: FlashMessage | null; children: ReactNode }) {
	const [dismissed, setDismissed] = useState<FlashMessage | null>(null)
	const dismiss = useCallback(() => setDismissed(flash), [flash])
	const shown = flash && flash !== dismissed ? flash : null
	return (
		<DismissFlash.Provider value={dismiss}>
			<PlacedFlash.Provider value={shown?.section ? shown : null}>
				{shown && !shown.section ? <FlashNotice flash={shown} /> : null}
				{children}
			</PlacedFlash.Provider>
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

/**
 * Where a section's flash shows (the section the action's redirect jumps to, `#<section>`): with JS it takes
 * focus, so a partner who pressed a button down the page reads the outcome there, not in a banner off-screen;
 * without JS the jump to the section brings it into view. `otherwise`: what the place shows without the flash
 * (the state the flash announced, which would say the same thing twice beside it).
 */
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
