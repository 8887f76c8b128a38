/** Services: the partner's services, their secrets and logos, the categories, temporary uploads. */
import { listQuery } from './common'
import { rateLimits } from './constants'
import { endpointsOf, invalid, notFound, signedIn, throttled } from './endpoint'
import { confirmedIdentity } from './identity.endpoints'
import {
	attachLogoBody,
	createServiceBody,
	createServiceResponse,
	newServiceSecretResponse,
	serviceCategoryList,
	serviceList,
	serviceResponse,
	serviceSecretList,
	updateServiceBody,
	uploadResponse,
	versionConflictBody,
} from './services'

export const servicesEndpoints = {
	...endpointsOf('Services', 'access', {
		listServiceCategories: {
			route: 'GET /service-categories',
			summary: 'The fixed list of service categories',
			auth: 'none',
			query: listQuery,
			responses: { 200: serviceCategoryList, ...invalid },
		},
		listServices: {
			route: 'GET /services',
			summary: "The caller's services, newest first",
			query: listQuery,
			responses: { 200: serviceList, ...signedIn, ...invalid },
		},
		createService: {
			route: 'POST /services',
			summary: 'Create a service (test environment, external, not submitted) and its first secret',
			description:
				'The answer carries the plaintext secret once. The same `idempotency_key` from the same partner within ' +
				'24 h answers 200 with the service it created and `secret: null` (the plaintext is never stored); with a ' +
				'different body it is 422 `idempotency_key_reused`.',
			request: createServiceBody,
			responses: { 200: createServiceResponse, 201: createServiceResponse, ...signedIn, ...invalid },
		},
		getService: {
			route: 'GET /services/{id}',
			summary: 'One service of the caller',
			responses: { 200: serviceResponse, ...signedIn, ...notFound },
		},
		updateService: {
			route: 'PATCH /services/{id}',
			summary: 'Change any of the editable fields, based on a version',
			description:
				'`version` must be the current one; otherwise 409 `version_conflict` with the current service, and ' +
				'nothing changes. Every change increases `version`.',
			request: updateServiceBody,
			responses: { 200: serviceResponse, ...signedIn, ...notFound, 409: versionConflictBody, ...invalid },
		},
		attachServiceLogo: {
			route: 'PUT /services/{id}/logo',
			summary: 'Make a temporary upload the logo of the service',
			description:
				"The upload (kind tmp, the caller's own) must be a JPG or PNG of 128x128 to 256x256 px, at most 10 MB, " +
				'checked from its bytes; errors are on `upload_id`. It moves to the service-logo storage.',
			request: attachLogoBody,
			responses: { 200: serviceResponse, ...signedIn, ...notFound, ...invalid },
		},
		removeServiceLogo: {
			route: 'DELETE /services/{id}/logo',
			summary: 'Remove the logo of the service',
			responses: { 200: serviceResponse, ...signedIn, ...notFound },
		},
	}),
	...endpointsOf('Service secrets', 'access', {
		listServiceSecrets: {
			route: 'GET /services/{id}/secrets',
			summary: 'The live secrets of the service (at most two, one page)',
			responses: { 200: serviceSecretList, ...signedIn, ...notFound },
		},
		rotateServiceSecret: {
			route: 'POST /services/{id}/secrets',
			summary: 'Add a second secret; both work until one is revoked',
			description: 'Needs a confirmed identity (403 `identity_confirmation_required` otherwise).',
			responses: { 201: newServiceSecretResponse, ...confirmedIdentity, ...notFound, ...invalid },
		},
		resetServiceSecret: {
			route: 'POST /services/{id}/secrets/reset',
			summary: 'Replace every live secret with a new one; the old ones stop working now',
			description: 'Needs a confirmed identity (403 `identity_confirmation_required` otherwise).',
			responses: { 201: newServiceSecretResponse, ...confirmedIdentity, ...notFound },
		},
		revokeServiceSecret: {
			route: 'DELETE /services/{id}/secrets/{secretId}',
			summary: 'Revoke one of two live secrets',
			description: 'Needs a confirmed identity (403 `identity_confirmation_required` otherwise).',
			responses: { 204: null, ...confirmedIdentity, ...notFound, ...invalid },
		},
	}),
	...endpointsOf('Uploads', 'access', {
		uploadTmpFile: {
			route: 'POST /uploads/tmp',
			summary: 'Store a file in the temporary upload storage (kept 24 h)',
			description:
				'The body is the raw file (any Content-Type; the stored type is sniffed from the bytes), at most 10 MB: ' +
				'a larger Content-Length or body is 422 on `file`. Only its uploader may attach it. Served at the ' +
				"temporary upload storage's address (the portal's `UPLOAD_TMP_URL`).",
			rawRequest: { description: 'The file itself, at most 10 MB.' },
			rateLimit: rateLimits.logoUploads,
			responses: { 201: uploadResponse, ...signedIn, ...invalid, ...throttled },
		},
	}),
}
