// @ts-check
// Plain JavaScript so the Node preload (instrument.server.mjs), the browser bundle and the request log share it.

export const REDACTED = '[redacted]'

// Scrubbing walks the text once: no pattern here can backtrack, whatever a client put in a path or a header.

const TOKEN = /[^\s"'<>()]+/g

const SECRET_NAME = /token|code|password|secret|csrf|xsrf|cookie|auth|session|sign-in|setup|flash/i

const BEARER = /\b(bearer)\s+(?!\[redacted\])[^\s,;"']+/gi

const DROPPED_KEY =
	/cookie|authori[sz]ation|password|secret|token|csrf|xsrf|^(?:body|query|query_string|querystring)$|\.(?:body|query|fragment)$/i

/** @param {string} text */
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

/** @param {string[]} parts the path split at `/`; empty parts are merged slashes */
function secretIndex(parts) {
	const named = parts.flatMap((part, index) => (part ? [{ index, name: decoded(part).toLowerCase() }] : []))
	for (const [at, a] of named.entries()) {
		const [b, c, d] = [1, 2, 3].map((step) => named[at + step])
		if (a.name === 'auth' && b?.name === 'reset-password' && c?.name === 'token' && d) return d.index
		if (a.name === 'tokens' && b && c) return c.index
	}
	return -1
}

/** @param {string} token */
function pathStart(token) {
	const scheme = token.indexOf('://')
	if (scheme < 1 || !/^[a-z][\w+.-]*$/i.test(token.slice(0, scheme))) return 0
	const slash = token.indexOf('/', scheme + 3)
	return slash < 0 ? token.length : slash
}

/** @param {string} token */
function redactToken(token) {
	const start = pathStart(token)
	const path = token.slice(start)
	// `%2F` spellings: the decoded path, normalised, is what is kept.
	for (const candidate of [path, decoded(path)]) {
		const parts = candidate.split('/')
		const index = secretIndex(parts)
		if (index < 0) continue
		parts[index] = REDACTED
		return token.slice(0, start) + parts.join('/')
	}
	return token
}

/** @param {string} text @returns {string} */
export function redactSecretPaths(text) {
	return text.replace(TOKEN, (token) => (token.includes('/') ? redactToken(token) : token))
}

/** @param {string} token */
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
 * Drops query strings and fragments; redacts secret path segments, `name=value` pairs and bearer tokens.
 * @param {string} text @returns {string}
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

/** @param {unknown} value @param {string} key the key `value` sits under @param {Set<object>} ancestors @returns {unknown} */
function scrub(value, key, ancestors) {
	if (typeof value === 'string') return scrubText(value)
	if (!Array.isArray(value) && !isPlainObject(value)) return value
	if (ancestors.has(value)) return '[Circular]'
	ancestors.add(value)
	const result = Array.isArray(value)
		? value.map((item) => scrub(item, key, ancestors))
		: Object.fromEntries(
				Object.entries(value)
					// An event's `request.data` is the request body.
					.filter(([name]) => !DROPPED_KEY.test(name) && !(key === 'request' && name === 'data'))
					// Never sent; the SDK keeps its own objects there.
					.map(([name, child]) => [name, name === 'sdkProcessingMetadata' ? child : scrub(child, name, ancestors)]),
			)
	ancestors.delete(value)
	return result
}

/** @template T @param {T} value @returns {T} */
export function scrubTelemetry(value) {
	return /** @type {T} */ (scrub(value, '', new Set()))
}

/**
 * A recording (a JSON header line, then a JSON array of events) scrubbed; null when compressed: then do not send it.
 * @param {unknown} payload @returns {string | null}
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
 * Scrubs what no `before*` hook sees (envelope headers, replay events and recordings); null: do not send it.
 * @template E @param {E} envelope @returns {E | null}
 */
export function scrubEnvelope(envelope) {
	const [headers, items] = /** @type {[Record<string, unknown>, Array<[Record<string, unknown>, unknown]>]} */ (
		/** @type {unknown} */ (envelope)
	)
	const scrubbed = items.map(([itemHeaders, payload]) => {
		if (itemHeaders.type === 'replay_event') return [itemHeaders, scrubTelemetry(payload)]
		if (itemHeaders.type !== 'replay_recording') return [itemHeaders, payload]
		const recording = scrubReplayRecording(payload)
		if (recording === null) return null
		return [{ ...itemHeaders, length: new TextEncoder().encode(recording).length }, recording]
	})
	if (scrubbed.includes(null)) return null
	return /** @type {E} */ (/** @type {unknown} */ ([scrubTelemetry(headers), scrubbed]))
}
