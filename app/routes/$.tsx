import { data } from 'react-router'
import type { Route } from './+types/$'
import { NotFoundPage } from '#app/components/error-page'
import { pageTitle } from '#app/utils/meta'

export const meta: Route.MetaFunction = () => pageTitle('common:errors.notFound')

/** Any unmatched path: HTTP 404 with a link home (spec point 2). */
export function loader() {
	return data(null, { status: 404 })
}

export default function NotFound() {
	return <NotFoundPage />
}
