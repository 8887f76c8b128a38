import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'

/** What a full page load does for a screen reader: focus to the heading (or `#section`) and the title read out. */
export function RouteAnnouncer() {
	const location = useLocation()
	const navigation = useNavigation()
	const [title, setTitle] = useState('')
	const previousPath = useRef(location.pathname)
	// What had focus when the navigation began (the link or button pressed): if it still has it, nothing took it.
	const focusedBefore = useRef<Element | null>(null)
	useEffect(() => {
		const before = focusedBefore.current
		if (location.pathname === previousPath.current) return
		previousPath.current = location.pathname
		// A frame later: after the new page's own effects, and after the scroll to `#section`.
		const frame = requestAnimationFrame(() => {
			const main = document.getElementById('main-content')
			const active = document.activeElement
			const taken = active && active !== document.body && active !== before && main?.contains(active)
			if (!taken) {
				const hashTarget = location.hash ? document.getElementById(idOf(location.hash)) : null
				const target = hashTarget ?? main?.querySelector<HTMLElement>('h1')
				if (target) {
					if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
					target.focus({ preventScroll: !hashTarget })
				}
			}
			setTitle(document.title)
		})
		return () => cancelAnimationFrame(frame)
	}, [location.pathname, location.hash])

	// After the effect above (the same commit ends a navigation and brings its location): it has read it by then.
	useEffect(() => {
		if (navigation.state === 'idle') focusedBefore.current = null
		else focusedBefore.current ??= document.activeElement
	}, [navigation.state])

	return (
		<div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
			{title}
		</div>
	)
}

/** As typed when it is not valid percent-encoding. */
function idOf(hash: string) {
	try {
		return decodeURIComponent(hash.slice(1))
	} catch {
		return hash.slice(1)
	}
}
