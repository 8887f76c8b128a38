import type { Namespace, TFunction } from 'i18next'
import type { MetaDescriptor } from 'react-router'

export type PageMeta = { title: string; description: string }

/** Spread into a loader's data. */
export function pageMeta(t: TFunction<Namespace>, title: string, description?: string): PageMeta {
	return { title: t('common:pageTitle', { title }), description: description ?? t('common:meta.description') }
}

// A route without data has failed: the error boundary's route names the page (`errorPageMeta`).
export function metaOf(data: PageMeta | undefined): MetaDescriptor[] {
	if (!data) return []
	return [{ title: data.title }, { name: 'description', content: data.description }]
}
