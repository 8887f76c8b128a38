import { useTranslation } from 'react-i18next'
import { href, Link, Outlet, useMatches } from 'react-router'
import type { Route } from './+types/service'
import { getService, serviceContext } from '#app/context.server'
import type { I18nHandle, KeyWithNamespace } from '#app/i18n'
import { loadService } from '#app/services/load.server'

/** A service page's namespaces and the layout's header keys (back link, heading); none for pages with their own. */
export type ServicePageHandle = I18nHandle & { serviceHeader?: { back: KeyWithNamespace; title: KeyWithNamespace } }

// Starts the service's call as the request arrives; an action awaits it, so ownership comes first (decision 0026).
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context, params }, next) => {
		const service = loadService(context, params.serviceId)
		// Awaited by the loaders; never an unhandled rejection.
		service.catch(() => undefined)
		context.set(serviceContext, service)
		if (request.method !== 'GET' && request.method !== 'HEAD') await service
		return next()
	},
]

/** Another partner's service and a malformed id are the same 404. */
export async function loader({ context }: Route.LoaderArgs) {
	const { id, name } = await getService(context)
	return { service: { id, name } }
}

export default function ServiceLayout({ loaderData }: Route.ComponentProps) {
	const { service } = loaderData
	const header = (useMatches().at(-1)?.handle as ServicePageHandle | undefined)?.serviceHeader
	const { i18n } = useTranslation()
	if (!header) return <Outlet />
	const { back, title } = header
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<p>
				<Link to={href('/services/:serviceId', { serviceId: service.id })}>{i18n.t(back, { name: service.name })}</Link>
			</p>
			<h1 id="page-heading">{i18n.t(title, { name: service.name })}</h1>
			<Outlet />
		</section>
	)
}
