import { Outlet } from 'react-router'
import type { Route } from './+types/_guest'
import { guestOnlyMiddleware } from '#app/middleware/guards.server'

export const middleware: Route.MiddlewareFunction[] = [guestOnlyMiddleware]

export default function GuestLayout() {
	return (
		<div className="narrow">
			<Outlet />
		</div>
	)
}
