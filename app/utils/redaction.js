// @ts-check
/**
 * What must never leave the portal in logs or error reports: emailed tokens
 * in the path, query strings, cookies, credentials and bodies.
 *
 * Plain JavaScript with JSDoc types, so that the Node preload
 * (instrument.server.mjs, which cannot load TypeScript), the browser bundle
 * and the request log all use this one module.
 */

export const REDACTED = '[redacted]'

// Scrubbing walks the text once: no pattern here can backtrack, whatever a client put in a path or a header.

/** A run of text between spaces, quotes and brackets: a URL, a path or a word. */
const TOKEN = /[^\s"'<>()]+/g

/** Names whose `name=value` suggests a secret (cookie pairs, form or query fields). */
const SECRET_NAME = /token|code|password|secret|csrf|xsrf|cookie|auth|session|sign-in|setup|flash/i

const BEARER = /\b(bearer)\s+(?!\[redacted\])[^\s,;"']+/gi

/**
 * Keys whose values are dropped wherever they appear: cookies and
 * credentials (request headers, `http.request.header.*` span attributes),
 * query strings and bodies.
 */
const DROPPED_KEY =
	/cookie|authori[sz]ation|password|secret|token|csrf|xsrf|^(?:body|query|query_string|querystring)$|\.(?:body|query|fragment)$/i

/**
 * `text` percent-decoded until it stops changing (three rounds at most), as a router or a proxy may read it.
 * @param {string} text
 */
function decoded(text) {
	let result = text
	for (let round = 0; round < 3 && result.includes('%'); round++) {
		try {
			result = decodeURIComponent(result)
		} catch {
			break
		}
	}
	return result
}

/**
 * The index in `parts` (a path split at `/`, read decoded and in any case, empty parts skipped as merged slashes)
 * of an emailed link's secret: the segment after `auth/reset-password/token` or after `tokens/{type}`; -1 if none.
 * @param {string[]} parts
 */
function secretIndex(parts) {
	const named = parts.flatMap((part, index) => (part ? [{ index, name: decoded(part).toLowerCase() }] : []))
	for (const [at, a] of named.entries()) {
		const [b, c, d] = [1, 2, 3].map((step) => named[at + step])
		if (a.name === 'auth' && b?.name === 'reset-password' && c?.name === 'token' && d) return d.index
		if (a.name === 'tokens' && b && c) return c.index
	}
	return -1
}

/** Where the path of a URL starts (after `scheme://host`), or 0 for a path. @param {string} token */
function pathStart(token) {
	const scheme = token.indexOf('://')
	if (scheme < 1 || !/^[a-z][\w+.-]*$/i.test(token.slice(0, scheme))) return 0
	const slash = token.indexOf('/', scheme + 3)
	return slash < 0 ? token.length : slash
}

/**
 * One token with an emailed link's secret segment redacted, spelled as it came; decoded only when it must be.
 * @param {string} token
 */
function redactToken(token) {
	const start = pathStart(token)
	const parts = token.slice(start).split('/')
	let index = secretIndex(parts)
	if (index < 0) {
		// `%2F` spellings: the decoded path, normalised, is what is kept.
		const whole = decoded(token.slice(start))
		if (whole === token.slice(start)) return token
		parts.splice(0, parts.length, ...whole.split('/'))
		index = secretIndex(parts)
		if (index < 0) return token
	}
	parts[index] = REDACTED
	return token.slice(0, start) + parts.join('/')
}

/**
 * Replaces the secret segment of emailed-link paths with `[redacted]`,
 * anywhere in `text` (a path, a URL or a message), however its slashes,
 * case and percent-encoding are spelled.
 * @param {string} text
 * @returns {string}
 */
export function redactSecretPaths(text) {
	return text.replace(TOKEN, (token) => (token.includes('/') ? redactToken(token) : token))
}

/**
 * `token` with the value of the first secret-looking `name=` in it redacted (to the token's end).
 * @param {string} token
 */
function redactPairs(token) {
	for (let eq = token.indexOf('='); eq > 0; eq = token.indexOf('=', eq + 1)) {
		let from = eq
		while (from > 0 && /[\w.-]/.test(token.charAt(from - 1))) from--
		const value = token.slice(eq + 1)
		if (SECRET_NAME.test(token.slice(from, eq)) && value && !value.startsWith(REDACTED))
			return `${token.slice(0, eq + 1)}${REDACTED}`
	}
	return token
}

/**
 * Scrubs one string: drops query strings and fragments of URLs and paths,
 * redacts secret path segments, secret `name=value` pairs and bearer tokens.
 * @param {string} text
 * @returns {string}
 */
export function scrubText(text) {
	return text
		.replace(TOKEN, (token) => {
			const slash = token.indexOf('/')
			if (slash < 0) return token.includes('=') ? redactPairs(token) : token
			const query = token.slice(slash).search(/[?#]/)
			return redactPairs(redactToken(query < 0 ? token : token.slice(0, slash + query)))
		})
		.replace(BEARER, `$1 ${REDACTED}`)
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isPlainObject(value) {
	if (value === null || typeof value !== 'object') return false
	const proto = Object.getPrototypeOf(value)
	return proto === Object.prototype || proto === null
}

/**
 * @param {unknown} value
 * @param {string} key the key `value` sits under
 * @param {Set<object>} ancestors
 * @returns {unknown}
 */
function scrub(value, key, ancestors) {
	if (typeof value === 'string') return scrubText(value)
	if (!Array.isArray(value) && !isPlainObject(value)) return value
	if (ancestors.has(value)) return '[Circular]'
	ancestors.add(value)
	/** @type {unknown} */
	let result
	if (Array.isArray(value)) {
		result = value.map((item) => scrub(item, key, ancestors))
	} else {
		/** @type {Record<string, unknown>} */
		const copy = {}
		for (const [name, child] of Object.entries(value)) {
			if (DROPPED_KEY.test(name)) continue
			// An event's `request.data` is the request body.
			if (key === 'request' && name === 'data') continue
			// Never sent; the SDK keeps its own objects there.
			copy[name] = name === 'sdkProcessingMetadata' ? child : scrub(child, name, ancestors)
		}
		result = copy
	}
	ancestors.delete(value)
	return result
}

/**
 * A scrubbed copy of any telemetry payload: error and transaction events,
 * spans, breadcrumbs, replay events and recordings. Plain objects and arrays
 * are copied, every string is scrubbed (`scrubText`) and every value under a
 * cookie, credential, query or body key is dropped.
 * @template T
 * @param {T} value
 * @returns {T}
 */
export function scrubTelemetry(value) {
	return /** @type {T} */ (scrub(value, '', new Set()))
}

/**
 * A replay recording item as the SDK sends it uncompressed: a JSON header
 * line, then a JSON array of recording events. Returns null when it is not
 * in that form (e.g. compressed), so the caller can refuse to send it.
 * @param {unknown} payload
 * @returns {string | null}
 */
export function scrubReplayRecording(payload) {
	if (typeof payload !== 'string') return null
	const newline = payload.indexOf('\n')
	if (newline < 0) return null
	try {
		const events = JSON.parse(payload.slice(newline + 1))
		return `${payload.slice(0, newline + 1)}${JSON.stringify(scrubTelemetry(events))}`
	} catch {
		return null
	}
}

/**
 * Scrubs what no `before*` hook sees: the envelope headers, replay events
 * and replay recordings (the DOM recorder's own events, such as the page URL,
 * bypass `beforeAddRecordingEvent`). Returns null when a recording cannot be
 * scrubbed: the envelope must then not be sent.
 * @template E
 * @param {E} envelope
 * @returns {E | null}
 */
export function scrubEnvelope(envelope) {
	const [headers, items] = /** @type {[Record<string, unknown>, Array<[Record<string, unknown>, unknown]>]} */ (
		/** @type {unknown} */ (envelope)
	)
	/** @type {Array<[Record<string, unknown>, unknown]>} */
	const scrubbed = []
	for (const [itemHeaders, payload] of items) {
		if (itemHeaders.type === 'replay_recording') {
			const recording = scrubReplayRecording(payload)
			if (recording === null) return null
			scrubbed.push([{ ...itemHeaders, length: new TextEncoder().encode(recording).length }, recording])
		} else if (itemHeaders.type === 'replay_event') {
			scrubbed.push([itemHeaders, scrubTelemetry(payload)])
		} else {
			scrubbed.push([itemHeaders, payload])
		}
	}
	return /** @type {E} */ (/** @type {unknown} */ ([scrubTelemetry(headers), scrubbed]))
}
