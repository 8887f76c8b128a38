/**
 * The hidden field that names the form a post came from (AppForm renders it), so a draft kept across a sign-in
 * comes back to the right form. Not `__`-prefixed: such names are conform's, and the server refuses them.
 */
export const FORM_ID_FIELD = 'form_id'
