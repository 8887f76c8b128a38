export type ApiErrorKind =
	| 'network' // no HTTP answer (DNS, refused, reset)
	| 'timeout' // no answer within API_TIMEOUT_MS
	| 'canceled' // the browser went away (the request's signal aborted)
	| 'unauthenticated' // 401 after the single refresh attempt
	| 'bad_request' // any other 4xx: validation, not found, throttled, locked …
	| 'bad_response' // 5xx, or a body that does not match the contract

export type FieldErrors = Record<string, string[]>

export class ApiError extends Error {
	readonly kind: ApiErrorKind
	readonly status: number | undefined
	readonly body: unknown
	readonly fieldErrors: FieldErrors
	readonly code: string | undefined
	readonly retryAfterSeconds: number | undefined

	constructor(
		kind: ApiErrorKind,
		message: string,
		options: { status?: number; body?: unknown; retryAfterSeconds?: number; cause?: unknown } = {},
	) {
		super(message, { cause: options.cause })
		this.name = 'ApiError'
		this.kind = kind
		this.status = options.status
		this.body = options.body
		const body = (options.body ?? {}) as { errors?: unknown; code?: unknown; retry_after_seconds?: unknown }
		this.fieldErrors = isFieldErrors(body.errors) ? body.errors : {}
		this.code = typeof body.code === 'string' ? body.code : undefined
		this.retryAfterSeconds =
			options.retryAfterSeconds ?? (typeof body.retry_after_seconds === 'number' ? body.retry_after_seconds : undefined)
	}
}

/** 60 when the API does not say. */
export const retryAfter = (error: ApiError) => error.retryAfterSeconds ?? 60

function isFieldErrors(value: unknown): value is FieldErrors {
	return (
		typeof value === 'object' &&
		value !== null &&
		Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
	)
}
