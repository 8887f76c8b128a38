/**
 * The form field that carries the CSRF token: what `AuthenticityTokenInput`
 * renders and what a fetcher submitting its own data must send. Shared by the
 * browser and the server (app/middleware/csrf.server.ts checks it).
 */
export const CSRF_FIELD_NAME = 'csrf'
