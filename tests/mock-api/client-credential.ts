/**
 * The portal's client credential the mock trusts unless started with another (`--client-credential`): only a caller
 * sending it may set the activity log's origin (`clientOriginHeaders`). `portalEnv` gives the portal the same one.
 * Published here: for tests, the demo and local development only.
 */
export const MOCK_CLIENT_CREDENTIAL = 'mock-api-client-credential-for-local-and-test-use-only'
