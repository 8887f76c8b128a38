import { useEffect } from 'react'
import { useLocation, useNavigate, type NavigateFunction } from 'react-router'

/**
 * In-app links: a plain `<a href data-discover>` that, once the page is
 * hydrated, navigates on the client like React Router's `<Link>` (decision
 * 0016). React Router's `<Link>` resolves its path against the route tree and
 * builds a click handler with several hooks on every render; our links are all
 * absolute (`href(...)`, with a query or hash at most), so the server renders
 * a bare anchor, and one click listener on the document (`LinkNavigation`)
 * asks the router for every in-app link, markup built as a string included.
 *
 * `data-discover` is what marks an in-app link, and what React Router's own
 * links carry: with lazy route discovery it fetches the routes of every link on
 * the page ahead of a click.
 */
type AnchorProps = Omit<React.ComponentPropsWithoutRef<'a'>, 'href'>

/** `to` is an absolute path (`href(...)`), with a query or hash at most: nothing is resolved against the route. */
export function Link({ to, children, ...rest }: AnchorProps & { to: string }) {
	return (
		<a {...rest} href={to} data-discover="true">
			{children}
		</a>
	)
}

/**
 * A link of the site or account navigation: `aria-current="page"` while its
 * page (or, unless `end`, a page below it) is the current one.
 */
export function NavLink({ to, end = false, ...rest }: AnchorProps & { to: string; end?: boolean }) {
	const { pathname } = useLocation()
	const current = pathname === to || (!end && pathname.startsWith(to.endsWith('/') ? to : `${to}/`))
	return <Link {...rest} to={to} aria-current={current ? 'page' : undefined} />
}

/** Rendered once by the root layout: once hydrated, in-app links navigate through the router. */
export function LinkNavigation() {
	const navigate = useNavigate()
	useEffect(() => {
		// On the document, after React's own listener there: a link's onClick may still prevent the navigation.
		const onClick = (event: MouseEvent) => followLink(event, navigate)
		document.addEventListener('click', onClick)
		return () => document.removeEventListener('click', onClick)
	}, [navigate])
	return null
}

/** What React Router's `<Link>` does on a click: plain left clicks on same-tab, same-origin links stay in the app. */
function followLink(event: MouseEvent, navigate: NavigateFunction) {
	if (event.defaultPrevented || event.button !== 0) return
	if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
	const anchor = event.target instanceof Element ? event.target.closest('a[data-discover]') : null
	if (!(anchor instanceof HTMLAnchorElement)) return
	if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
	const url = new URL(anchor.href)
	if (url.origin !== window.location.origin) return
	event.preventDefault()
	const to = url.pathname + url.search + url.hash
	const here = window.location.pathname + window.location.search + window.location.hash
	// Following a link to the page already shown replaces its history entry, as React Router's links do.
	void navigate(to, { replace: to === here })
}
