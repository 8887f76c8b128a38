import type { Namespace, TFunction } from 'i18next'
import type { MetaDescriptor } from 'react-router'

/** A page's `<title>` and meta description, translated on the server in the request's language. */
export type PageMeta = { title: string; description: string }

/**
 * What a loader returns for its page's `<title>` ("Page – Partner Portal") and meta description (the portal's when
 * the page has none of its own), translated with the request's `t` (`getT(context)`): spread into its data.
 */
export function pageMeta(t: TFunction<Namespace>, title: string, description?: string): PageMeta {
	return { title: t('common:pageTitle', { title }), description: description ?? t('common:meta.description') }
}

/**
 * A route's `meta`: the title and description its loader translated (`pageMeta`). A route without data has failed,
 * and the meta of the route whose error boundary shows the failure names that page (`errorPageMeta`).
 */
export function metaOf(data: PageMeta | undefined): MetaDescriptor[] {
	if (!data) return []
	return [{ title: data.title }, { name: 'description', content: data.description }]
}
