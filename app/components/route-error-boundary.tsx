import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError, useRouteLoaderData, type MetaDescriptor } from 'react-router'
import { GenericErrorPage, NotFoundPage } from './error-page'
import { useRouteNamespaces } from '#app/i18n'
import { metaOf, type PageMeta } from '#app/utils/meta'
import type { TooLargePage } from '#app/utils/refusal'

type RootData = { requestId?: string; errorPages?: { notFound: PageMeta; generic: PageMeta } } | undefined
/** A request refused before any loader ran (`refusal`); an upload route's 413 has its own page (`tooLargePageFor`). */
type RefusalData = ({ requestId?: string; page?: TooLargePage } & Partial<PageMeta>) | undefined

const REFUSED: Record<number, ParseKeys> = {
	400: 'errors.badRequest',
	403: 'errors.forbidden',
	405: 'errors.methodNotAllowed',
	413: 'errors.tooLarge',
	415: 'errors.badRequest',
}

/** Shared by the root and the signed-in layout. */
export function RouteErrorBoundary() {
	const error = useRouteError()
	// A refusal's page names its strings as `ns:key`.
	const { t } = useTranslation(useRouteNamespaces())
	// The root loader runs on every request, so this is the failed request's reference; a refusal carries its own.
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

/** Translated on the server (meta has no `t`); nothing when the root loader itself failed. */
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
