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

/** `restricted`: the password step's restricted token. */
export type EndpointAuth = 'none' | 'access' | 'restricted' | 'access-or-restricted'
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export interface Endpoint {
	method: HttpMethod
	path: string
	summary: string
	description?: string
	tag: string
	auth: EndpointAuth
	request?: z.ZodType
	/** A raw file body, sent with its own Content-Type; `application/octet-stream` in the OpenAPI document. */
	rawRequest?: { description: string }
	query?: z.ZodObject
	/** `null`: no body (204). */
	responses: Partial<Record<number, z.ZodType | null>>
	/** Calls the API carries out count, refused ones do not (decision 0019). */
	rateLimit?: RateLimit
}

/** An endpoint as its area writes it: `route` is `'GET /users/{id}'`; `auth` only where it is not its group's. */
type EndpointEntry = Omit<Endpoint, 'method' | 'path' | 'tag' | 'auth'> & {
	route: `${HttpMethod} /${string}`
	auth?: EndpointAuth
}

type Built<E, Auth extends EndpointAuth> = E extends { route: `${infer M extends HttpMethod} ${infer P}` }
	? Omit<E, 'route' | 'auth'> & { method: M; path: P; tag: string; auth: E extends { auth: infer A } ? A : Auth }
	: never

/** The endpoints of one OpenAPI tag, with the `auth` they need unless one says otherwise. */
export function endpointsOf<const A extends EndpointAuth, const T extends Record<string, EndpointEntry>>(
	tag: string,
	auth: A,
	group: T,
) {
	const entries = Object.entries(group).map(([name, { route, ...endpoint }]) => {
		const [method, path] = route.split(' ')
		return [name, { method, path, tag, auth, ...endpoint }]
	})
	return Object.fromEntries(entries) as { [N in keyof T]: Built<T[N], A> }
}

export const signedIn = { 401: unauthenticatedBody, 403: twoStepRequiredBody } as const
export const notFound = { 404: notFoundBody } as const
export const invalid = { 422: validationErrorBody } as const
export const throttled = { 429: throttleErrorBody } as const

export function fillPath(path: string, params: Record<string, string>): string {
	return path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const value = params[name]
		if (value === undefined) throw new Error(`fillPath: missing "${name}" for ${path}`)
		return encodeURIComponent(value)
	})
}

/** Answers any endpoint may give: 400, 405, 413 (`{message}`) and any 5xx. */
export const genericResponses = { 400: messageBody, 405: messageBody, 413: messageBody } as const

/** `null`: no body; `undefined`: not in the contract. */
export function responseSchema(endpoint: Endpoint, status: number): z.ZodType | null | undefined {
	const own = endpoint.responses[status]
	if (own !== undefined) return own
	if (status >= 500 && status <= 599) return serverErrorBody
	return (genericResponses as Partial<Record<number, z.ZodType>>)[status]
}
