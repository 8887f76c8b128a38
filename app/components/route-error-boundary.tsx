import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router'
import { GenericErrorPage, NotFoundPage } from './error-page'
import type { TooLargePage } from '#app/utils/refusal'
import { pageTitle } from '#app/utils/meta'

type RootData = { requestId?: string } | undefined
/** A refusal's own page (an upload route's 413, see `tooLargePageFor`): i18n keys and a link back. */
type RefusalData = { requestId?: string; page?: TooLargePage } | undefined

/** What a refused request says, by status; anything else is "Something went wrong". */
const REFUSED: Record<number, string> = {
	400: 'errors.badRequest',
	403: 'errors.forbidden',
	405: 'errors.methodNotAllowed',
	413: 'errors.tooLarge',
	415: 'errors.badRequest',
}

/** Shared by the root and the signed-in layout: 404 → not found, anything else → "Something went wrong". */
export function RouteErrorBoundary() {
	const error = useRouteError()
	const { t } = useTranslation()
	// The root loader runs on every request (see root.tsx shouldRevalidate), so
	// this is the reference of the request that failed, with JS on and off. A
	// request refused before any loader ran carries its own (`refusal`).
	const root = useRouteLoaderData('root') as RootData
	if (isRouteErrorResponse(error)) {
		if (error.status === 404) return <NotFoundPage />
		const refused = error.data as RefusalData
		const requestId = refused?.requestId ?? root?.requestId
		const page = refused?.page
		if (page) {
			return (
				<GenericErrorPage
					requestId={requestId}
					title={t(page.title)}
					message={t(page.message)}
					back={{ href: page.back.href, label: t(page.back.label) }}
				/>
			)
		}
		const key = REFUSED[error.status]
		if (key) return <GenericErrorPage requestId={requestId} message={t(key)} />
	}
	return <GenericErrorPage requestId={root?.requestId} />
}

/** `<title>` of the page an error boundary shows; nothing when there is no error. */
export function errorPageMeta(error: unknown) {
	if (!error) return []
	const page = isRouteErrorResponse(error) ? (error.data as RefusalData)?.page : undefined
	if (page) return pageTitle(page.title)
	return pageTitle(
		isRouteErrorResponse(error) && error.status === 404 ? 'common:errors.notFound' : 'common:errors.generic',
	)
}
