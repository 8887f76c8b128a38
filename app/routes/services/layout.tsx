import { Outlet } from 'react-router'

/**
 * The services area. Every page of it shows the `services` namespace, which the browser loads before it hydrates
 * (remix-i18next reads the routes' `handle`); the account pages and the dashboard name theirs (decision 0018).
 */
export const handle = { i18n: ['services'] }

export default function ServicesLayout() {
	return <Outlet />
}
