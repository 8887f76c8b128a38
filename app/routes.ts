import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
	// Guest-only group (spec point 2).
	layout('routes/_guest.tsx', [
		route('auth/sign-up', 'routes/auth/sign-up.tsx'),
		route('auth/sign-in', 'routes/auth/sign-in.tsx'),
		route('auth/sign-in/two-step', 'routes/auth/two-step.tsx'),
		route('auth/reset-password', 'routes/auth/reset-password.tsx'),
		route('auth/reset-password/token/:token', 'routes/auth/reset-password-token.tsx'),
	]),
	// Signed-in group.
	layout('routes/_app.tsx', [
		index('routes/dashboard.tsx'),
		route('auth/sign-out', 'routes/auth/sign-out.tsx'),
		route('auth/verification/resend', 'routes/auth/verification-resend.tsx'),
		layout('routes/services/layout.tsx', [
			route('services/manage', 'routes/services/list.tsx'),
			route('services/:serviceId', 'routes/services/details.tsx'),
			route('services/:serviceId/statistics.csv', 'routes/services/statistics-csv.ts'),
			route('services/:serviceId/manage', 'routes/services/manage.tsx'),
			route('services/:serviceId/developers', 'routes/services/developers.tsx'),
			route('services/:serviceId/developers/secrets/rotate', 'routes/services/secrets-rotate.tsx'),
			route('services/:serviceId/developers/secrets/reset', 'routes/services/secrets-reset.tsx'),
			route('services/:serviceId/developers/secrets/:secretId/revoke', 'routes/services/secrets-revoke.tsx'),
			route('services/:serviceId/developers/signing-secret/rotate', 'routes/services/signing-secret-rotate.tsx'),
			route('services/:serviceId/developers/signing-secret/reveal', 'routes/services/signing-secret-reveal.tsx'),
			route('services/:serviceId/manage/logo', 'routes/services/logo.tsx'),
			route('services/:serviceId/manage/logo/remove', 'routes/services/logo-remove.tsx'),
			route('services/:serviceId/protections', 'routes/services/protections.tsx'),
			route('services/:serviceId/verifications', 'routes/services/verifications.tsx'),
			route('services/:serviceId/verifications/reset', 'routes/services/verifications-reset.tsx'),
			route('services/:serviceId/verifications/submit', 'routes/services/verifications-submit.tsx'),
			route('services/:serviceId/verifications/cancel', 'routes/services/verifications-cancel.tsx'),
			route('services/:serviceId/translations', 'routes/services/translations.tsx'),
			route('services/:serviceId/webhooks', 'routes/services/webhooks.tsx'),
			route('services/:serviceId/webhooks/deliveries/:deliveryId', 'routes/services/webhook-delivery.tsx'),
			route('services/:serviceId/webhooks/checks/:checkId', 'routes/services/webhook-check.tsx'),
		]),
		layout('routes/account/layout.tsx', [
			route('me/manage/general/personal-details', 'routes/account/personal-details.tsx'),
			route('me/manage/security/email', 'routes/account/email.tsx'),
			route('me/manage/security/password', 'routes/account/password.tsx'),
			route('me/manage/security/multi-factor-authentication', 'routes/account/two-step.tsx'),
			route('me/manage/security/multi-factor-authentication/totp', 'routes/account/two-step-totp.tsx'),
			route('me/manage/security/multi-factor-authentication/email', 'routes/account/two-step-email.tsx'),
		]),
	]),
	// Public.
	// Signed out too (a partner who lost their authenticator, issue 31); a signed-in partner's form as before.
	route('contact', 'routes/contact.tsx'),
	route('tokens/:type/:token', 'routes/tokens.tsx'),
	route('healthz', 'routes/healthz.ts'),
	route('readyz', 'routes/readyz.ts'),
	// Catch-all last, so unmatched URLs still run the root middleware (headers, logs).
	route('*', 'routes/$.tsx'),
] satisfies RouteConfig
