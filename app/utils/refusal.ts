import type { KeyWithNamespace } from '#app/i18n'

/**
 * What the 413 page of an upload route says, as i18n keys, and where its link
 * goes back to (the upload page itself, which takes another file). The body
 * is refused before any route runs, so the page cannot come from the route.
 */
export type TooLargePage = {
	title: KeyWithNamespace
	message: KeyWithNamespace
	back: { href: string; label: KeyWithNamespace }
}
