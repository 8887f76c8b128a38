import { data, type RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import { getApi } from '#app/context.server'
import { replyWithApiError } from '#app/forms/forms.server'

type Context = Readonly<RouterContextProvider>

/** Called once per request by the service layout's middleware; pages read it with `getService`. */
export async function loadService(context: Context, id: string) {
	try {
		return (await getApi(context).call('getService', { params: { id } })).data
	} catch (error) {
		return rethrowNotFound(error)
	}
}

// Another partner's service and a malformed id look the same, so the portal never confirms someone else's id exists.
export function throwIfNotFound(error: unknown) {
	if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 })
}

export function rethrowNotFound(error: unknown): never {
	throwIfNotFound(error)
	throw error
}

/** A change the API did not make: a refusal is a 422, an outage a 503 "not saved", on the same page (never a 5xx). */
export function changeFailed(...[submission, error, context, options]: Parameters<typeof replyWithApiError>) {
	throwIfNotFound(error)
	return replyWithApiError(submission, error, context, options)
}
