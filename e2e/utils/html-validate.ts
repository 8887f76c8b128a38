import { createHash } from 'node:crypto'
import { HtmlValidate, type Message } from 'html-validate'
import config from '../../.htmlvalidate.mjs'

/** One html-validate message about one page the portal sent. */
export type HtmlFinding = {
	url: string
	rule: string
	line: number
	column: number
	message: string
	/** Where in the document (a CSS selector), when html-validate knows. */
	selector: string | null
	/** The offending source, cut short. */
	source: string
}

type PageFinding = Omit<HtmlFinding, 'url'>

const validator = new HtmlValidate(config)

/**
 * Pages already validated by this process (a Playwright worker), by the hash of their normalised body: the same
 * sign-in page reached by a hundred tests is validated once. Each test still reports the findings of every page it
 * received, so which test meets a page first does not matter.
 */
const validated = new Map<string, Promise<PageFinding[]>>()

/** How many distinct pages this process has validated. */
export function validatedPageCount() {
	return validated.size
}

/**
 * The body with what changes on every request blanked out: the CSP nonce, the CSRF token and the honeypot's
 * encrypted time stamp (input values), and the scripts' content (React Router's hydration data repeats them;
 * html-validate does not read script content).
 */
export function normaliseHtml(html: string) {
	return html
		.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2')
		.replace(/\bnonce="[^"]*"/g, 'nonce=""')
		.replace(/<input\b[^>]*>/g, (tag) =>
			/\bname="(?:csrf|from__confirm)"/.test(tag) ? tag.replace(/\bvalue="[^"]*"/, 'value=""') : tag,
		)
}

/**
 * The ids React writes itself when it streams a page: `B:0` (a Suspense boundary's placeholder), `S:0` and `P:0`
 * (a segment sent later: React Router's hydration data), `_R_` (the script that marks the end of the shell) and
 * `_R_…_` (`useId`). `valid-id` stays strict for ours; these are not ours to change.
 */
const REACT_ID = /^(?:[BPS]:[\da-f]+|_R_\w*)$/

function isReactId(message: Message) {
	const context = message.context as { id?: unknown } | undefined
	return message.ruleId === 'valid-id' && typeof context?.id === 'string' && REACT_ID.test(context.id)
}

async function validate(html: string): Promise<PageFinding[]> {
	const report = await validator.validateString(html, 'page.html')
	return report.results.flatMap((result) =>
		result.messages
			.filter((message) => !isReactId(message))
			.map((message) => ({
				rule: message.ruleId,
				line: message.line,
				column: message.column,
				message: message.message,
				selector: message.selector,
				source: snippet(html, message.offset, message.size),
			})),
	)
}

/** The source around a finding: from its tag's `<` when that is near, about 80 characters on one line. */
function snippet(html: string, offset: number, size: number) {
	const tag = html.lastIndexOf('<', offset)
	const start = tag >= 0 && offset - tag <= 40 ? tag : Math.max(0, offset - 20)
	const text = html.slice(start, Math.max(offset + size, start + 80)).replace(/\s+/g, ' ')
	return (start < offset && start !== tag ? '…' : '') + (text.length > 80 ? `${text.slice(0, 80)}…` : text)
}

/** html-validate's findings on one page (`url` only labels them); a page seen before is not validated again. */
export async function validateHtml(html: string, url: string): Promise<HtmlFinding[]> {
	const key = createHash('sha1').update(normaliseHtml(html)).digest('base64')
	let findings = validated.get(key)
	if (!findings) {
		findings = validate(html)
		validated.set(key, findings)
	}
	return (await findings).map((finding) => ({ url, ...finding }))
}

/** A failure message: the findings by page, each with rule, line:column, message, selector and source. */
export function formatFindings(findings: HtmlFinding[]) {
	const byUrl = new Map<string, Set<string>>()
	for (const finding of findings) {
		const lines = byUrl.get(finding.url) ?? new Set<string>()
		lines.add(
			`  ${finding.line}:${finding.column}  ${finding.rule}  ${finding.message}` +
				(finding.selector ? `\n      at ${finding.selector}` : '') +
				`\n      ${finding.source}`,
		)
		byUrl.set(finding.url, lines)
	}
	const count = [...byUrl.values()].reduce((sum, lines) => sum + lines.size, 0)
	return [
		`html-validate (.htmlvalidate.mjs): ${count} finding(s) in the page(s) this test received`,
		...[...byUrl].map(([url, lines]) => `${url}\n${[...lines].join('\n')}`),
	].join('\n')
}
