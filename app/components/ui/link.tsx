import { useEffect } from 'react'
import { useLocation, useNavigate, type NavigateFunction } from 'react-router'

/**
 * In-app links: a plain `<a href>` that, once the page is hydrated, navigates
 * on the client like React Router's `<Link>` (decision 0016). React Router's
 * `<Link>` resolves its path against the route tree and builds a click
 * handler with several hooks on every render; our links are all absolute
 * (`href(...)`, with a query or hash at most), so the server renders a bare
 * anchor and one click handler, shared by every link, asks the router.
 *
 * `data-discover` is what React Router's own links carry: with lazy route
 * discovery it fetches the routes of every link on the page ahead of a click.
 */
type AnchorProps = Omit<React.ComponentPropsWithoutRef<'a'>, 'href'>

/** `to` is an absolute path (`href(...)`), with a query or hash at most: nothing is resolved against the route. */
export function Link({ to, onClick, children, ...rest }: AnchorProps & { to: string }) {
	return (
		<a
			{...rest}
			href={to}
			data-discover="true"
			onClick={
				onClick
					? (event) => {
							onClick(event)
							followLink(event)
						}
					: followLink
			}
		>
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

let navigate: NavigateFunction | undefined

/** Rendered once by the root layout: hands the router's `navigate` to every link once hydrated. */
export function LinkNavigation() {
	const routerNavigate = useNavigate()
	useEffect(() => {
		navigate = routerNavigate
		return () => {
			navigate = undefined
		}
	}, [routerNavigate])
	return null
}

/** What React Router's `<Link>` does on a click: plain left clicks on same-tab, same-origin links stay in the app. */
function followLink(event: React.MouseEvent<HTMLAnchorElement>) {
	const anchor = event.currentTarget
	if (!navigate || event.defaultPrevented || event.button !== 0) return
	if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
	if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
	const url = new URL(anchor.href)
	if (url.origin !== window.location.origin) return
	event.preventDefault()
	const to = url.pathname + url.search + url.hash
	const here = window.location.pathname + window.location.search + window.location.hash
	// Following a link to the page already shown replaces its history entry, as React Router's links do.
	void navigate(to, { replace: to === here })
}
