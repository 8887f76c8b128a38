/**
 * What one entry of the endpoint table is, the answers many endpoints share,
 * and the helpers the client, the mock and `scripts/openapi.ts` use on it.
 */
import type { z } from 'zod'
import type { RateLimit } from './constants'
import {
	messageBody,
	notFoundBody,
	serverErrorBody,
	throttleErrorBody,
	twoStepRequiredBody,
	unauthenticatedBody,
	validationErrorBody,
} from './common'

/**
 * - `none`: public, no bearer.
 * - `access`: a full (not restricted) access token.
 * - `restricted`: the restricted access token of the password step.
 * - `access-or-restricted`: either.
 */
export type EndpointAuth = 'none' | 'access' | 'restricted' | 'access-or-restricted'
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export interface Endpoint {
	method: HttpMethod
	/** OpenAPI style, e.g. `/user-verifications/{id}/token`. */
	path: string
	summary: string
	description?: string
	tag: string
	auth: EndpointAuth
	/** JSON request body. */
	request?: z.ZodType
	/**
	 * A raw file as the body instead of JSON: the client sends the bytes with
	 * their own Content-Type (`call(name, { file: { bytes, contentType } })`),
	 * and the OpenAPI document shows an `application/octet-stream` body.
	 */
	rawRequest?: { description: string }
	/** Query parameters (strings on the wire). */
	query?: z.ZodObject
	/** Body schema per status; `null` means no body (204). */
	responses: Partial<Record<number, z.ZodType | null>>
	/**
	 * A limit per partner, or per `email` of the body (`rateLimits` in constants.ts):
	 * calls the API carries out count, refused ones do not; over it, a 429 (`throttled`).
	 */
	rateLimit?: RateLimit
}

export const signedIn = { 401: unauthenticatedBody, 403: twoStepRequiredBody } as const
export const notFound = { 404: notFoundBody } as const
export const invalid = { 422: validationErrorBody } as const
export const throttled = { 429: throttleErrorBody } as const

/** Fills `{name}` placeholders: `fillPath('/user-verifications/{id}/token', {id})`. */
export function fillPath(path: string, params: Record<string, string>): string {
	return path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const value = params[name]
		if (value === undefined) throw new Error(`fillPath: missing "${name}" for ${path}`)
		return encodeURIComponent(value)
	})
}

/**
 * Answers any endpoint may give besides its own table: 400 (body is not a
 * JSON object), 405 (wrong method), 413 (body too large) — all `{message}` —
 * and any 5xx (`{message: "Server Error."}`).
 */
export const genericResponses = { 400: messageBody, 405: messageBody, 413: messageBody } as const

/** The body schema of `status` for `endpoint` (`null`: no body; `undefined`: not in the contract). */
export function responseSchema(endpoint: Endpoint, status: number): z.ZodType | null | undefined {
	const own = endpoint.responses[status]
	if (own !== undefined) return own
	if (status >= 500 && status <= 599) return serverErrorBody
	return (genericResponses as Partial<Record<number, z.ZodType>>)[status]
}
