import { Outlet } from 'react-router'
import type { Route } from './+types/_guest'
import { guestOnlyMiddleware } from '#app/middleware/guards.server'

/** The translation namespaces the browser loads before it hydrates the sign-in, sign-up and reset pages (remix-i18next). */
export const handle = { i18n: ['auth'] }

export const middleware: Route.MiddlewareFunction[] = [guestOnlyMiddleware]

export default function GuestLayout() {
	return (
		<div className="narrow">
			<Outlet />
		</div>
	)
}
