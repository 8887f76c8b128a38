import { data } from 'react-router'
import type { Route } from './+types/$'
import { getT } from '#app/i18n.server'
import { NotFoundPage } from '#app/components/error-page'
import { metaOf, pageMeta } from '#app/utils/meta'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** Any unmatched path: HTTP 404 with a link home (spec point 2). */
export function loader({ context }: Route.LoaderArgs) {
	const t = getT(context)
	return data(pageMeta(t, t('errors.notFound')), { status: 404 })
}

export default NotFoundPage
