// Shared by `AuthenticityTokenInput`, fetchers that submit their own data and the server's check.
export const CSRF_FIELD_NAME = 'csrf'
