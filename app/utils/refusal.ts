import type { KeyWithNamespace } from '#app/i18n'

// The body is refused before any route runs, so the 413 page's words cannot come from the route.
export type TooLargePage = {
	title: KeyWithNamespace
	message: KeyWithNamespace
	back: { href: string; label: KeyWithNamespace }
}
