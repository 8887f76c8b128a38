import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError, useRouteLoaderData, type MetaDescriptor } from 'react-router'
import { GenericErrorPage, NotFoundPage } from './error-page'
import { useRouteNamespaces } from '#app/i18n'
import { metaOf, type PageMeta } from '#app/utils/meta'
import type { TooLargePage } from '#app/utils/refusal'

/** The root loader's data: the reference of the request, and the error pages' titles in its language. */
type RootData = { requestId?: string; errorPages?: { notFound: PageMeta; generic: PageMeta } } | undefined
/**
 * A refusal (`refusal`, before any loader ran): its reference and its page's title and description; an upload route's
 * 413 has its own page (see `tooLargePageFor`): i18n keys and a link back.
 */
type RefusalData = ({ requestId?: string; page?: TooLargePage } & Partial<PageMeta>) | undefined

/** What a refused request says, by status; anything else is "Something went wrong". */
const REFUSED: Record<number, ParseKeys> = {
	400: 'errors.badRequest',
	403: 'errors.forbidden',
	405: 'errors.methodNotAllowed',
	413: 'errors.tooLarge',
	415: 'errors.badRequest',
}

/** Shared by the root and the signed-in layout: 404 → not found, anything else → "Something went wrong". */
export function RouteErrorBoundary() {
	const error = useRouteError()
	// The page's namespaces (common first): a refusal's page names its strings as `ns:key`.
	const { t } = useTranslation(useRouteNamespaces())
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

/**
 * The `<title>` and description of the page an error boundary shows, translated on the server (meta functions have
 * no `t`): a refusal brings its own (it comes before any loader), any other error takes the root loader's
 * `errorPages`. Nothing when there is no error, nor when the root loader itself failed (no strings in the request's
 * language reached the page; it still shows its heading).
 */
export function errorPageMeta(
	error: unknown,
	matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>,
): MetaDescriptor[] {
	if (!error) return []
	const refusal = isRouteErrorResponse(error) ? (error.data as RefusalData) : undefined
	if (refusal?.title !== undefined && refusal.description !== undefined)
		return metaOf({ title: refusal.title, description: refusal.description })
	const pages = (matches.find((match) => match?.id === 'root')?.loaderData as RootData)?.errorPages
	return metaOf(isRouteErrorResponse(error) && error.status === 404 ? pages?.notFound : pages?.generic)
}
