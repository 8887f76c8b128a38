/**
 * The machinery of a corpus of hostile requests generated from the portal itself (`hostile-values.ops.spec.ts`): the
 * pages of every route and what they declare to a browser (forms, fields, links, query parameters), filled the way a
 * person would, and a tally of requests sent a few at a time, each answered within a second and without a 5xx.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { pngFile } from '#tests/mock-api/image-fixtures'
import { csrfTokenFrom, projectRoot } from '#tests/setup/processes'
import { signInOverHttp, type Partner } from './auth'
import type { PageRoute } from './hostile'
import { asRendered, formsOf, linksOf, type PageForm } from './page-forms'

const SECOND = 1_000

export type Ctx = { name: 'signed out' | 'signed in'; request: APIRequestContext; csrf: string }
type FilePart = { name: string; mimeType: string; buffer: Buffer }
export type FieldValue = string | FilePart
export type Job = {
	ctx: Ctx
	method: 'GET' | 'POST'
	target: string
	/** What the request carries, for a failure's message. */
	what: string
	headers?: Record<string, string>
	/** The fields of a post (its context's CSRF token is put first, in place of any other): urlencoded, or multipart. */
	body?: Array<[string, FieldValue]>
	multipart?: boolean
	/** Only a 4xx will do (a request beyond a limit). */
	refused?: boolean
	/**
	 * Past Node's 16 KB of request headers: Node answers 431 and closes, so a client still writing the rest may see
	 * the connection reset before the answer. Either is the refusal.
	 */
	pastHeaderLimit?: boolean
}
export type Answer = { status: number; ms: number; text: string; location?: string }
export type Check = 'answered' | 'no 5xx' | 'a 4xx' | 'within 1 s'
export const CHECKS: Check[] = ['answered', 'no 5xx', 'a 4xx', 'within 1 s']

/** As a form or a query string is written, slashes and spaces as they are when they may be (`+`). */
export const encode = (value: string) => encodeURIComponent(value).replaceAll('%2F', '/').replaceAll('%20', '+')

/** The longest start of `value` whose encoding takes at most `room` characters. */
export function fit(value: string, room: number) {
	let taken = 0
	let end = 0
	for (const character of value) {
		taken += encode(character).length
		if (taken > room) break
		end += character.length
	}
	return value.slice(0, end)
}

/** A target for a message: a long one by its start and length. */
const short = (target: string) => (target.length > 100 ? `${target.slice(0, 80)}…(${target.length} chars)` : target)

/** The requests a corpus sent, and every check one of them failed. */
export class Tally {
	requests = 0
	slowestMs = 0
	/** Each failed check: the request (its target cut short, what it carried, its answer) and how long it took. */
	failures: Array<{ check: Check; request: string; ms: number }> = []

	constructor(
		private readonly baseURL: string,
		private readonly concurrency = 4,
	) {}

	async send(job: Job, read = false): Promise<Answer> {
		const { ctx, method, target } = job
		const started = performance.now()
		let answer: Omit<Answer, 'ms'> = { status: 0, text: '' }
		let problem = ''
		try {
			const fields: Array<[string, FieldValue]> | undefined =
				method === 'POST' ? [['csrf', ctx.csrf], ...(job.body ?? []).filter(([name]) => name !== 'csrf')] : undefined
			const response = await ctx.request.fetch(target, {
				method,
				headers: {
					...(method === 'POST' ? { Origin: this.baseURL } : {}),
					...(fields && !job.multipart ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
					...job.headers,
				},
				...(fields && job.multipart ? { multipart: Object.fromEntries(fields) } : {}),
				...(fields && !job.multipart
					? {
							data: fields
								.map(([name, value]) => `${encode(name)}=${encode(typeof value === 'string' ? value : value.name)}`)
								.join('&'),
						}
					: {}),
				maxRedirects: 0,
				timeout: 20 * SECOND,
			})
			answer = {
				status: response.status(),
				text: read ? await response.text() : '',
				location: response.headers().location,
			}
			await response.dispose()
		} catch (error) {
			problem = String(error).split('\n')[0]!
		}
		const ms = Math.round(performance.now() - started)
		this.requests++
		this.slowestMs = Math.max(this.slowestMs, ms)
		const { status } = answer
		const request = `${ctx.name} ${method} ${short(target)} [${job.what}] → ${status || problem}`
		const reset = job.pastHeaderLimit === true && status === 0 && /ECONNRESET|EPIPE/.test(problem)
		if (status === 0 && !reset) this.failures.push({ check: 'answered', request, ms })
		else if (status >= 500) this.failures.push({ check: 'no 5xx', request, ms })
		else if (job.refused && status < 400 && !reset) this.failures.push({ check: 'a 4xx', request, ms })
		if (ms >= SECOND) this.failures.push({ check: 'within 1 s', request, ms })
		return { ...answer, ms }
	}

	/** Sends `jobs`, `concurrency` at a time; answers their answers, in their order. */
	async run(jobs: Job[]) {
		const answers: Answer[] = []
		let next = 0
		await Promise.all(
			Array.from({ length: this.concurrency }, async () => {
				for (let index = next++; index < jobs.length; index = next++) answers[index] = await this.send(jobs[index]!)
			}),
		)
		return answers
	}

	/** The requests that failed `check`, alike ones counted together, at most `most` lines, for an assertion's message. */
	report(check: Check, most = 60) {
		const alike = new Map<string, { count: number; slowest: number }>()
		for (const failure of this.failures.filter((candidate) => candidate.check === check)) {
			const seen = alike.get(failure.request) ?? { count: 0, slowest: 0 }
			alike.set(failure.request, { count: seen.count + 1, slowest: Math.max(seen.slowest, failure.ms) })
		}
		const lines = [...alike].map(([request, { count, slowest }]) => `${count} × ${request} (slowest ${slowest} ms)`)
		return lines.length > most ? [...lines.slice(0, most), `… and ${lines.length - most} more`] : lines
	}
}

/** The URL of `route` with `params` (a real service of the partner, ids its pages linked to), else a name of each. */
export function urlOf(route: PageRoute, params: Record<string, string>) {
	const segments = route.path.split('/').map((segment) => {
		if (segment === '*') return 'hostile-values-no-such-page'
		if (!segment.startsWith(':')) return segment
		const name = segment.slice(1)
		return encodeURIComponent(params[name] ?? `${name}-unknown`)
	})
	return `/${segments.join('/')}`
}

/** The params of `route` that `pathname` fills, when it is one of its URLs (a route without params: none). */
export function paramsFrom(route: PageRoute, pathname: string): Record<string, string> | undefined {
	const pattern = route.path.split('/')
	const segments = pathname.split('/').slice(1)
	if (!route.path.includes(':') || pattern.length !== segments.length) return undefined
	const params: Record<string, string> = {}
	for (const [index, part] of pattern.entries()) {
		const segment = segments[index]!
		if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segment)
		else if (part !== segment) return undefined
	}
	return params
}

/** The route a form posting to `action` reaches. */
export const routeOf = (routes: PageRoute[], action: string, params: Record<string, string>) =>
	routes.find(
		(route) => route.hasAction && (urlOf(route, params) === action || paramsFrom(route, action) !== undefined),
	)

/**
 * The query parameters the app reads (`searchParams.get(…)`, `search.get(…)` in the server build, a constant's name
 * resolved to its value): what no page may link with, a hand-edited URL has.
 */
export function queryNamesTheAppReads() {
	const source = readFileSync(path.join(projectRoot, 'build', 'server', 'index.js'), 'utf8')
	const names = new Set<string>()
	for (const [, literal, constant] of source.matchAll(/\b(?:searchParams|search)\.get\((?:"([\w-]+)"|(\w+))\)/g)) {
		const name = literal ?? new RegExp(`\\b${constant} = "([\\w-]+)"`).exec(source)?.[1]
		if (name) names.add(name)
	}
	return names
}

/** What tells a form from another posting to the same route: its fields' names, and its `form_id` and `intent`. */
export const signature = (form: PageForm) =>
	form.fields
		.map((field) => (['form_id', 'intent'].includes(field.name) ? `${field.name}=${field.value}` : field.name))
		.join('&')

/** A form of a page, the route it posts to and the context that rendered it. */
export type Found = { route: PageRoute; ctx: Ctx; form: PageForm }

/** How `filledIn` fills what a person types: an address of theirs, and the API's time (a time is a week before). */
export type Filling = { email: string; now: Date }

/**
 * The fields of `form` as a person sends it, what they type filled in: an address, a plain text, a time a week before
 * `now` (the webhook recovery's since), a PNG logo for a file; no password or code (the bursts type them, wrong).
 */
export function filledIn(form: PageForm, { email, now }: Filling): Array<[string, FieldValue]> {
	const byName = new Map(form.fields.map((field) => [field.name, field]))
	const weekBefore = new Date(now.getTime() - 7 * 24 * 60 * 60 * SECOND).toISOString()
	const typed = (type: string, name: string, value: string): FieldValue => {
		if (value || ['password', 'select', 'checkbox', 'radio', 'hidden'].includes(type) || /code/.test(name)) return value
		if (type === 'email') return email
		if (type === 'datetime-local') return weekBefore.slice(0, 16)
		if (type === 'date') return weekBefore.slice(0, 10)
		if (type === 'number') return '1'
		if (type === 'url') return 'https://example.com/'
		return 'Hello from the hostile corpus'
	}
	const files = form.fields
		.filter((field) => field.type === 'file')
		.map((field): [string, FieldValue] => [
			field.name,
			{ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(pngFile(192, 192)) },
		])
	return [
		...asRendered(form).map(([name, value]): [string, FieldValue] => {
			const field = byName.get(name)!
			return [name, field.kind === 'typed' ? typed(field.type, name, value) : value]
		}),
		...files,
	]
}

/**
 * Every page of `routes`, in each context (a redirect is not a page): the forms they render, by the route they post
 * to, once each; their GET forms submitted once as a person would (a page of its own: the webhook recovery's
 * confirmation); the query parameters they link and submit with; and the ids they link to, which fill the params of
 * the routes after them (the webhooks page names a delivery for its delivery page).
 */
export async function discover(
	routes: PageRoute[],
	contexts: Ctx[],
	params: Record<string, string>,
	{ links = [], filling }: { links?: string[]; filling: Filling },
) {
	const found: Found[] = []
	const queryNames = queryNamesTheAppReads()
	const seen = new Set<string>()
	const learn = (href: string) => {
		const url = new URL(href, 'http://portal')
		if (url.host !== 'portal' && url.hostname !== '127.0.0.1') return
		for (const name of url.searchParams.keys()) queryNames.add(name)
		for (const route of routes) {
			for (const [name, value] of Object.entries(paramsFrom(route, url.pathname) ?? {})) params[name] ??= value
		}
	}
	links.forEach(learn)
	const visit = async (ctx: Ctx, url: string, follow: boolean) => {
		const response = await ctx.request.get(url, { maxRedirects: 0 })
		if (response.status() !== 200 || !response.headers()['content-type']?.startsWith('text/html')) return
		const html = await response.text()
		linksOf(html).forEach(learn)
		for (const form of formsOf(html, new URL(url, 'http://portal').pathname)) {
			learn(form.action)
			const key = `${ctx.name} ${form.method} ${form.action} ${signature(form)}`
			if (seen.has(key)) continue
			seen.add(key)
			if (form.method === 'get') {
				for (const field of form.fields) queryNames.add(field.name)
				const query = new URLSearchParams(
					filledIn(form, filling).map(([name, value]) => [name, typeof value === 'string' ? value : '']),
				)
				if (follow) await visit(ctx, `${form.action}?${query}`, false)
				continue
			}
			const route = routeOf(routes, form.action, params)
			if (route) found.push({ route, ctx, form })
		}
	}
	for (const route of routes.filter((candidate) => candidate.hasLoader)) {
		for (const ctx of contexts) await visit(ctx, urlOf(route, params), true)
	}
	return { found, queryNames }
}

/**
 * Signs `signedIn` in again when a post signed it out (the sign-out route, a corpus that reached it), and takes both
 * contexts' CSRF tokens afresh (a sign-in or a sign-out sets new ones).
 */
export async function keepTokens({
	guest,
	signedIn,
	baseURL,
	partner,
}: {
	guest: Ctx
	signedIn: Ctx
	baseURL: string
	partner: Partner
}) {
	const cookies = (await signedIn.request.storageState()).cookies
	if (!cookies.some((cookie) => cookie.name === 'user.access-token')) {
		await signInOverHttp(signedIn.request, baseURL, partner.email, partner.password)
	}
	signedIn.csrf = csrfTokenFrom(await (await signedIn.request.get('/contact')).text())!
	guest.csrf = csrfTokenFrom(await (await guest.request.get('/auth/sign-in')).text())!
}
