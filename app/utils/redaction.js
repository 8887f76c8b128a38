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

// A path segment: up to the next separator, or a quote or space in free text.
const SEGMENT = String.raw`[^/?#\s"<>]+`

/**
 * Paths whose next segment is a secret (emailed links). Case-insensitive like
 * the router; group 1, the route shape, is kept.
 */
const SECRET_PATHS = [
	new RegExp(String.raw`(/+auth/+reset-password/+token/+)${SEGMENT}`, 'gi'),
	new RegExp(String.raw`(/+tokens/+${SEGMENT}/+)${SEGMENT}`, 'gi'),
]

/** A URL (scheme://host…) or a path, followed by a query string or fragment. */
const URL_WITH_QUERY = /((?:\b[a-z][a-z\d+.-]*:\/\/[^\s/?#"'<>()]*|\/)[^\s?#"'<>()]*)[?#][^\s"'<>()]*/gi

/** `name=value` where the name suggests a secret (cookie pairs, form or query fields). */
const SECRET_PAIR =
	/([\w.-]*(?:token|code|password|secret|csrf|xsrf|cookie|auth|session|sign-in|setup|flash)[\w.-]*)=(?!\[redacted\])[^\s&;,"'<>]+/gi

const BEARER = /\b(bearer)\s+(?!\[redacted\])[^\s,;"']+/gi

/**
 * Keys whose values are dropped wherever they appear: cookies and
 * credentials (request headers, `http.request.header.*` span attributes),
 * query strings and bodies.
 */
const DROPPED_KEY =
	/cookie|authori[sz]ation|password|secret|token|csrf|xsrf|^(?:body|query|query_string|querystring)$|\.(?:body|query|fragment)$/i

/**
 * Replaces the secret segment of emailed-link paths with `[redacted]`,
 * anywhere in `text` (a path, a URL or a message).
 * @param {string} text
 * @returns {string}
 */
export function redactSecretPaths(text) {
	let result = text
	for (const pattern of SECRET_PATHS) result = result.replace(pattern, `$1${REDACTED}`)
	return result
}

/**
 * Scrubs one string: drops query strings and fragments of URLs and paths,
 * redacts secret path segments, secret `name=value` pairs and bearer tokens.
 * @param {string} text
 * @returns {string}
 */
export function scrubText(text) {
	return redactSecretPaths(text.replace(URL_WITH_QUERY, '$1'))
		.replace(SECRET_PAIR, `$1=${REDACTED}`)
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
