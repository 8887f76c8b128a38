import { Outlet } from 'react-router'

/**
 * The services area. Each page names the namespaces it shows in its `handle` (`services`, what the list, a service's
 * details page and the dashboard share, only where it shows them), which the browser loads before the page shows
 * (`useRouteNamespaces` reads the routes' `handle`; decision 0018).
 */
export default function ServicesLayout() {
	return <Outlet />
}
