// Decision 0022: the password and the code go to the API only, never to a log or a URL.
import { ApiError } from './errors'

export const needsIdentityConfirmation = (error: unknown) =>
	error instanceof ApiError && error.status === 403 && error.code === 'identity_confirmation_required'
