import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '#app/routes'
import { projectRoot } from '#tests/setup/processes'

/** Every route of app/routes.ts with a path: its full path, and whether anyone may send its form. */
function pages() {
	const found: Array<{ path: string; anonymousForm: boolean }> = []
	const visit = (entries: RouteConfigEntry[], parent: string, signedIn: boolean) => {
		for (const entry of entries) {
			const full = entry.path ? `${parent}/${entry.path}` : parent
			const inSignedIn = signedIn || entry.file === 'routes/_app.tsx'
			if ((entry.path || entry.index) && entry.path !== '*') {
				const source = readFileSync(path.join(projectRoot, 'app', entry.file), 'utf8')
				const hasAction = /^export (async function|function|const) action\b/m.test(source)
				found.push({ path: full || '/', anonymousForm: hasAction && !inSignedIn })
			}
			visit(entry.children ?? [], full, inSignedIn)
		}
	}
	visit(routes, '', false)
	return found.map((page) => ({ ...page, path: page.path.replace(/:\w+/g, 'abc') }))
}

/** The paths of the forms anyone may send: sign-up, sign-in, two-step, password reset, contact. */
export const anonymousFormPaths = () =>
	pages()
		.filter((page) => page.anonymousForm)
		.map((page) => page.path)

/**
 * Every spelling of an anonymous form's path that React Router hands to its action, as nginx matches it (the
 * normalised path: %-escapes decoded, `//` merged, no query string): any letter case, a trailing slash, `.data` and
 * `/_.data` (single fetch, `v8_trailingSlashAwareDataRequests`).
 */
export function anonymousFormSpellings() {
	const titleCase = (p: string) =>
		p.replace(/(^|[/-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
	return anonymousFormPaths().flatMap((p) =>
		[p, p.toUpperCase(), titleCase(p)].flatMap((spelling) => [
			spelling,
			`${spelling}/`,
			`${spelling}.data`,
			`${spelling}/_.data`,
		]),
	)
}

/** Every other page, and its `.data` request: signed in, or read only. */
export const otherPagePaths = () =>
	pages()
		.filter((page) => !page.anonymousForm)
		.flatMap((page) => [page.path, page.path === '/' ? '/_root.data' : `${page.path}.data`])
