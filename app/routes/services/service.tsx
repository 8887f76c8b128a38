import { useTranslation } from 'react-i18next'
import { href, Link, Outlet, useMatches } from 'react-router'
import type { Route } from './+types/service'
import { getService, serviceContext } from '#app/context.server'
import { loadService } from '#app/services/load.server'

/**
 * What a page of a service declares in its `handle` for the layout to show
 * above it: the key prefix of its back link (`<prefix>.back`) and heading
 * (`<prefix>.pageTitle`), both given the service's name. Pages with a header
 * of their own (details, confirmations) declare none.
 */
export type ServicePageHandle = { i18n?: string[]; serviceHeader?: string }

/**
 * Starts the service's call as the request arrives, so the page's own calls
 * go out in the same round; every page of the service reads it from the
 * router context (`getService`).
 */
export const middleware: Route.MiddlewareFunction[] = [
	async ({ context, params }, next) => {
		const service = loadService(context, params.serviceId)
		// Awaited by the loaders; never an unhandled rejection.
		service.catch(() => undefined)
		context.set(serviceContext, service)
		return next()
	},
]

/** Another partner's service and a malformed id are the same 404, answered here once. */
export async function loader({ context }: Route.LoaderArgs) {
	const { id, name } = await getService(context)
	return { service: { id, name } }
}

export default function ServiceLayout({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service } = loaderData
	const prefix = (useMatches().at(-1)?.handle as ServicePageHandle | undefined)?.serviceHeader
	if (!prefix) return <Outlet />
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<p>
				<Link to={href('/services/:serviceId', { serviceId: service.id })}>
					{t(`${prefix}.back` as 'settings.back', { name: service.name })}
				</Link>
			</p>
			<h1 id="page-heading">{t(`${prefix}.pageTitle` as 'settings.pageTitle', { name: service.name })}</h1>
			<Outlet />
		</section>
	)
}
