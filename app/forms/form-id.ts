import { CSRF_FIELD_NAME } from '#app/utils/csrf'

// Not `__`-prefixed: such names are conform's, and the server refuses them.
export const FORM_ID_FIELD = 'form_id'

/** Never echoed back after a failed submission, nor kept in a draft (`credential`: a passkey's signed answer). */
export const SECRET_FIELDS = [
	'password',
	'password_confirmation',
	'current_password',
	'code',
	'credential',
	CSRF_FIELD_NAME,
]
