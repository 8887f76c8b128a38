import { Outlet } from 'react-router'
import type { I18nHandle } from '#app/i18n'

/**
 * The services area. Every page of it shows the `services` namespace, which the browser loads before the page shows
 * (`useRouteNamespaces` reads the routes' `handle`); the account pages and the dashboard name theirs (decision 0018).
 */
export const handle = { i18n: ['services'] } satisfies I18nHandle

export default function ServicesLayout() {
	return <Outlet />
}
