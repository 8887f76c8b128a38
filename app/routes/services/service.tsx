import { useTranslation } from 'react-i18next'
import { href, Link, Outlet, useMatches } from 'react-router'
import type { Route } from './+types/service'
import { getService, serviceContext } from '#app/context.server'
import type { I18nHandle, KeyWithNamespace } from '#app/i18n'
import { loadService } from '#app/services/load.server'

/**
 * What a page of a service declares in its `handle`: the namespaces it shows
 * and, for the header the layout shows above it, the back link's key and the
 * heading's key (both given the service's name), from a namespace it names.
 * Pages with a header of their own (details, confirmations) declare none.
 */
export type ServicePageHandle = I18nHandle & { serviceHeader?: { back: KeyWithNamespace; title: KeyWithNamespace } }

/**
 * Starts the service's call as the request arrives, so the page's own calls
 * go out in the same round; every page of the service reads it from the
 * router context (`getService`). An action waits for it: a post to a service
 * that is not the partner's is answered 404 whatever its form holds.
 */
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context, params }, next) => {
		const service = loadService(context, params.serviceId)
		// Awaited by the loaders; never an unhandled rejection.
		service.catch(() => undefined)
		context.set(serviceContext, service)
		// Another partner's service is a 404 before an action reads its form: ownership first, then validation.
		if (request.method !== 'GET' && request.method !== 'HEAD') await service
		return next()
	},
]

/** Another partner's service and a malformed id are the same 404, answered here once. */
export async function loader({ context }: Route.LoaderArgs) {
	const { id, name } = await getService(context)
	return { service: { id, name } }
}

export default function ServiceLayout({ loaderData }: Route.ComponentProps) {
	const { service } = loaderData
	const header = (useMatches().at(-1)?.handle as ServicePageHandle | undefined)?.serviceHeader
	// The keys' namespace is the page's own, which it names in its handle (loaded before it shows).
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
