import { CSRF_FIELD_NAME } from './csrf'

/**
 * The hidden field that names the form a post came from (AppForm renders it), so a draft kept across a sign-in
 * comes back to the right form. Not `__`-prefixed: such names are conform's, and the server refuses them.
 */
export const FORM_ID_FIELD = 'form_id'

/** Fields never echoed back after a failed submission, nor kept in a draft. */
export const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'code', CSRF_FIELD_NAME]
