/**
 * HTML built as a string, for a large part of a page that no one interacts
 * with: the statistics' chart and daily table (about 270 elements for 30
 * days, 750 for 90), which cost React more to render on every request than
 * the rest of the details page (decision 0017). The page inserts the result
 * with `dangerouslySetInnerHTML`, on the server and in the browser alike.
 *
 * Safe by construction: every text and attribute value is escaped; only
 * `Markup` goes in as it is, made by `h`, or by `new Markup` from a template
 * whose every value is a number, our own constant or `escapeHtml`'s answer (a
 * hot path: the chart's markers, the table's cells). Tag and attribute names
 * are the caller's literals, never data.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }
const SPECIAL = /[&<>"']/
const SPECIALS = /[&<>"']/g

export function escapeHtml(text: string): string {
	return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text
}

/** Markup: inserted as it is (see above for what may make one). */
export class Markup {
	constructor(readonly html: string) {}
}

/** An attribute is left out when `undefined` or `false`; `true` writes it empty (`download=""`). */
export type Attributes = Readonly<Record<string, string | number | boolean | undefined>>
export type Child = Markup | string | number | null | undefined | false | readonly Child[]

function write(child: Child): string {
	if (child === null || child === undefined || child === false) return ''
	if (child instanceof Markup) return child.html
	if (typeof child === 'number') return String(child)
	if (typeof child === 'string') return escapeHtml(child)
	let html = ''
	for (const item of child) html += write(item)
	return html
}

/** Elements that have no content and no end tag. */
const VOID = new Set(['img', 'br', 'hr', 'input', 'meta', 'link', 'source', 'wbr'])

/** `<tag attributes>children</tag>`, the children's text escaped (`<tag attributes>` for a void element). */
export function h(tag: string, attributes: Attributes | null, ...children: Child[]): Markup {
	let html = `<${tag}`
	if (attributes) {
		for (const name in attributes) {
			const value = attributes[name]
			if (value === undefined || value === false) continue
			html += value === true ? ` ${name}=""` : ` ${name}="${typeof value === 'number' ? value : escapeHtml(value)}"`
		}
	}
	return new Markup(VOID.has(tag) ? `${html}>` : `${html}>${write(children)}</${tag}>`)
}

/** Children side by side, with no element around them. */
export function fragment(...children: Child[]): Markup {
	return new Markup(write(children))
}
