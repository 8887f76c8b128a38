import { Outlet } from 'react-router'

// Each page names its namespaces in its `handle`, loaded before it shows (decision 0018).
export default function ServicesLayout() {
	return <Outlet />
}
