/**
 * Request state, one home: every `createContext` key of the router context and
 * its getter (React Router's middleware docs). Middleware writes these; loaders,
 * actions and helpers only read them through the getters.
 */
import { createContext, type RouterContextProvider } from 'react-router'
import type { ApiClient } from '#app/api/client.server'
import type { Service } from '#app/api/contract/services'
import type { User } from '#app/api/users.server'
import type { RequestSession } from '#app/auth/session.server'

type Context = Readonly<RouterContextProvider>

/**
 * The page this request is for: the `url` React Router hands middleware, loaders and actions
 * (`future.v8_passThroughRequests`: no `.data` suffix, no `_routes`/`index` parameters), whatever the browser fetched.
 */
export const pageUrlContext = createContext<URL>()
/** This request's reference (logged, answered as `X-Request-Id`, quoted by error pages). */
export const requestIdContext = createContext<string>('')
/** The headers a refusal must carry (`Allow`, `Retry-After`, `Connection`) onto whatever page renders it. */
export const refusalHeadersContext = createContext<Headers | null>(null)
/**
 * The address of the browser this request came from, as the HTTP server saw it (`req.ip` of server.mjs, which
 * honours TRUST_PROXY): forwarded to the partner API for its activity log. Null where no server gives it (dev).
 */
export const clientIpContext = createContext<string | null>(null)
/** The CSP nonce of this response. */
export const nonceContext = createContext<string>('')
/** The submitted form of a POST, read once by the form-body middleware (an upload's CSRF part alone until the rest). */
export const formContext = createContext<FormData | null>(null)
/** The unread rest of an upload's body, which its route's `largeBodyMiddleware` reads for the partner it names. */
export const largeBodyContext = createContext<((partner: string) => Promise<FormData>) | null>(null)

export type CsrfState = { token: string; browser: string; changed: boolean }
/** The CSRF token this response's forms carry, and whether its cookie must be (re)set. */
export const csrfContext = createContext<CsrfState>()

/** The session cookies of this request and the partner API client signed in with them. */
export const sessionContext = createContext<{ session: RequestSession; api: ApiClient }>()

/** The current user of a signed-in page, as a promise: loaders start their own calls without waiting for it. */
export const userContext = createContext<Promise<User>>()
/** The current user of a page for everyone (contact), or null signed out. */
export const optionalUserContext = createContext<Promise<User | null>>(Promise.resolve(null))

/** The service of a page under `/services/:serviceId`, as a promise started by its layout's middleware. */
export const serviceContext = createContext<Promise<Service>>()

export const getPageUrl = (context: Context) => context.get(pageUrlContext)
export const getRequestId = (context: Context) => context.get(requestIdContext)
export const getNonce = (context: Context) => context.get(nonceContext)

/** The submitted form of this request (a 400 when there is none: only a POST has one). */
export function getFormData(context: Context): FormData {
	const form = context.get(formContext)
	if (!form) throw new Response(null, { status: 400 })
	return form
}

/** The token forms of this response must carry. */
export const getCsrfToken = (context: Context) => context.get(csrfContext).token

export const getSession = (context: Context) => context.get(sessionContext).session
/** The partner API client of this request, signed in as the session's user. */
export const getApi = (context: Context) => context.get(sessionContext).api

/** The signed-in partner (a redirect to sign-in is thrown when there is none). */
export const getUser = (context: Context): Promise<User> => context.get(userContext)
/** The user of a page for everyone, or null signed out. */
export const getOptionalUser = (context: Context): Promise<User | null> => context.get(optionalUserContext)
/** The service of this page (a 404 is thrown for another partner's service or a malformed id). */
export const getService = (context: Context): Promise<Service> => context.get(serviceContext)
