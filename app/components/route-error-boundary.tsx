import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router'
import { GenericErrorPage, NotFoundPage } from './error-page'

type RootData = { requestId?: string } | undefined

/** Shared by the root and by routes: 404 → not found, anything else → "Something went wrong". */
export function RouteErrorBoundary() {
	const error = useRouteError()
	const { t } = useTranslation()
	const root = useRouteLoaderData('root') as RootData
	if (isRouteErrorResponse(error)) {
		if (error.status === 404) return <NotFoundPage />
		if (error.status === 403) return <GenericErrorPage requestId={root?.requestId} message={t('errors.forbidden')} />
	}
	return <GenericErrorPage requestId={root?.requestId} />
}
