/**
 * The forms and links of a server-rendered page, read from its HTML the way a browser would submit and follow them:
 * what a route's schema declares to a browser (its fields' names and rendered values) and the query parameters its
 * pages link with. React renders every attribute in double quotes with `<`, `>`, `"` and `&` escaped, so a tag ends
 * at the first `>`.
 */

/**
 * How a field is filled in: `typed` by a person (text, select, checkbox, textarea), `hidden` (a hidden input, and the
 * honeypot's fields, which no person reaches: read-only or out of the tab order), `button` (a named submit button).
 */
export type FieldKind = 'typed' | 'hidden' | 'button'
export type FormField = { name: string; value: string; type: string; kind: FieldKind; checked: boolean }
export type PageForm = {
	/** The form's `action` as a path (its page's own when it has none). */
	action: string
	method: 'get' | 'post'
	multipart: boolean
	fields: FormField[]
}

const TAG = /<(\/?)(form|input|select|option|textarea|button)\b([^>]*)>/gi
const ATTRIBUTE = /([\w:-]+)(?:="([^"]*)")?/g
const HREF = /\bhref="([^"]*)"/g

/** Text of an attribute or element as the browser reads it. */
export function decodeEntities(text: string) {
	return text
		.replace(/&quot;/g, '"')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
}

function attributesOf(text: string) {
	const attributes = new Map<string, string>()
	for (const [, name, value] of text.matchAll(ATTRIBUTE))
		attributes.set(name!.toLowerCase(), decodeEntities(value ?? ''))
	return attributes
}

const NOT_SUBMITTED = new Set(['submit', 'button', 'image', 'reset'])

/**
 * The forms of `html` served at `pageUrl` (a pathname), their fields in document order: inputs, selects (the selected
 * option's value, else the first), textareas and named submit buttons, each with the value it is rendered with. A
 * control with a `form` attribute belongs to the form of that id wherever it stands.
 */
export function formsOf(html: string, pageUrl: string): PageForm[] {
	const forms: PageForm[] = []
	const byId = new Map<string, PageForm>()
	let open: PageForm | undefined
	let select: { field: FormField; chosen: boolean } | undefined
	for (const match of html.matchAll(TAG)) {
		const [, closing, tagName, attributeText] = match
		const tag = tagName!.toLowerCase()
		const attributes = attributesOf(attributeText!)
		if (tag === 'form') {
			if (closing) {
				open = undefined
				continue
			}
			const action = attributes.get('action')
			open = {
				action: action ? new URL(action, `http://portal${pageUrl}`).pathname : pageUrl,
				method: attributes.get('method')?.toLowerCase() === 'post' ? 'post' : 'get',
				multipart: attributes.get('enctype') === 'multipart/form-data',
				fields: [],
			}
			forms.push(open)
			const id = attributes.get('id')
			if (id) byId.set(id, open)
			continue
		}
		if (closing) {
			if (tag === 'select') select = undefined
			continue
		}
		if (tag === 'option') {
			if (select && (!select.chosen || attributes.has('selected'))) {
				select.field.value = attributes.get('value') ?? ''
				select.chosen = attributes.has('selected')
			}
			continue
		}
		const owner = attributes.has('form') ? byId.get(attributes.get('form')!) : open
		const name = attributes.get('name')
		if (!owner || !name) continue
		const type = tag === 'input' ? (attributes.get('type') ?? 'text').toLowerCase() : tag
		if (tag === 'input' && NOT_SUBMITTED.has(type)) continue
		const unreachable = attributes.has('readonly') || attributes.get('tabindex') === '-1'
		const field: FormField = {
			name,
			value: attributes.get('value') ?? '',
			type,
			kind: tag === 'button' ? 'button' : type === 'hidden' || unreachable ? 'hidden' : 'typed',
			checked: attributes.has('checked'),
		}
		if (tag === 'textarea') {
			const start = match.index + match[0].length
			const end = html.indexOf('</textarea>', start)
			field.value = decodeEntities(html.slice(start, end === -1 ? start : end)).replace(/^\n/, '')
		}
		if (tag === 'select') select = { field, chosen: false }
		owner.fields.push(field)
	}
	return forms
}

/** Every link of `html` (`href`), as written. */
export function linksOf(html: string): string[] {
	return [...html.matchAll(HREF)].map(([, href]) => decodeEntities(href!))
}

/**
 * The fields a browser submits when a person sends `form` as rendered with its first submit button: checkboxes and
 * radios only when checked, a named button only the first, no file input (no file was chosen).
 */
export function asRendered(form: PageForm): Array<[string, string]> {
	const firstButton = form.fields.find((field) => field.kind === 'button')
	return form.fields
		.filter((field) => (field.kind === 'button' ? field === firstButton : field.type !== 'file'))
		.filter((field) => !['checkbox', 'radio'].includes(field.type) || field.checked)
		.map((field) => [field.name, field.value])
}
