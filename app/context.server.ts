// Decision 0026: middleware writes these keys; everything else reads them through the getters.
import { createContext, type RouterContextProvider } from 'react-router'
import type { ApiClient } from '#app/api/client.server'
import type { Service } from '#app/api/contract/services'
import type { User } from '#app/api/users.server'
import type { RequestSession } from '#app/auth/session.server'

/** What a loader, an action or a middleware is given. */
export type Context = Readonly<RouterContextProvider>

// `future.v8_passThroughRequests`: whatever the browser fetched, without `.data` or `_routes`.
export const pageUrlContext = createContext<URL>()
export const requestIdContext = createContext<string>('')
export const refusalHeadersContext = createContext<Headers | null>(null)
// As server.mjs saw it (honours TRUST_PROXY); null where no server gives it (dev).
export const clientIpContext = createContext<string | null>(null)
export const nonceContext = createContext<string>('')
/** An upload's CSRF part alone until `largeBodyMiddleware` reads the rest. */
export const formContext = createContext<FormData | null>(null)
export const largeBodyContext = createContext<((partner: string) => Promise<FormData>) | null>(null)

export type CsrfState = { token: string; browser: string; changed: boolean }
export const csrfContext = createContext<CsrfState>()

export const sessionContext = createContext<{ session: RequestSession; api: ApiClient }>()

// A promise: loaders start their own calls without waiting for it.
export const userContext = createContext<Promise<User>>()
export const optionalUserContext = createContext<Promise<User | null>>(Promise.resolve(null))

export const serviceContext = createContext<Promise<Service>>()

export const getPageUrl = (context: Context) => context.get(pageUrlContext)
export const getRequestId = (context: Context) => context.get(requestIdContext)
export const getNonce = (context: Context) => context.get(nonceContext)

export function getFormData(context: Context): FormData {
	const form = context.get(formContext)
	if (!form) throw new Response(null, { status: 400 })
	return form
}

export const getCsrfToken = (context: Context) => context.get(csrfContext).token

export const getSession = (context: Context) => context.get(sessionContext).session
export const getApi = (context: Context) => context.get(sessionContext).api

export const getUser = (context: Context): Promise<User> => context.get(userContext)
export const getOptionalUser = (context: Context): Promise<User | null> => context.get(optionalUserContext)
export const getService = (context: Context): Promise<Service> => context.get(serviceContext)
