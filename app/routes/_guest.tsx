import { Outlet } from 'react-router'
import type { Route } from './+types/_guest'
import { guestOnlyMiddleware } from '#app/middleware/guards.server'
import type { I18nHandle } from '#app/i18n'

export const handle = { i18n: ['auth'] } satisfies I18nHandle

export const middleware: Route.MiddlewareFunction[] = [guestOnlyMiddleware]

export default function GuestLayout() {
	return (
		<div className="narrow">
			<Outlet />
		</div>
	)
}
