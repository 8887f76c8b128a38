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
	layout('routes/_app.tsx', [
		index('routes/dashboard.tsx'),
		route('auth/sign-out', 'routes/auth/sign-out.tsx'),
		route('auth/verification/resend', 'routes/auth/verification-resend.tsx'),
		route('services/manage', 'routes/services/list.tsx'),
		// The layout loads the service once, in the page's round, and answers its 404 (decision 0026).
		route('services/:serviceId', 'routes/services/service.tsx', [
			index('routes/services/details.tsx'),
			route('statistics.csv', 'routes/services/statistics-csv.ts'),
			route('manage', 'routes/services/settings.tsx'),
			route('developers', 'routes/services/developers.tsx'),
			route('developers/secrets/rotate', 'routes/services/secrets-rotate.tsx'),
			route('developers/secrets/reset', 'routes/services/secrets-reset.tsx'),
			route('developers/secrets/:secretId/revoke', 'routes/services/secrets-revoke.tsx'),
			route('developers/signing-secret/rotate', 'routes/services/signing-secret-rotate.tsx'),
			route('developers/signing-secret/reveal', 'routes/services/signing-secret-reveal.tsx'),
			route('manage/logo', 'routes/services/logo.tsx'),
			route('manage/logo/remove', 'routes/services/logo-remove.tsx'),
			route('protections', 'routes/services/protections.tsx'),
			route('verifications', 'routes/services/verifications.tsx'),
			route('verifications/reset', 'routes/services/verifications-reset.tsx'),
			route('verifications/submit', 'routes/services/verifications-submit.tsx'),
			route('verifications/cancel', 'routes/services/verifications-cancel.tsx'),
			route('translations', 'routes/services/translations.tsx'),
			route('webhooks', 'routes/services/webhooks.tsx'),
			route('webhooks/deliveries/:deliveryId', 'routes/services/webhook-delivery.tsx'),
			route('webhooks/checks/:checkId', 'routes/services/webhook-check.tsx'),
			route('webhooks/recover', 'routes/services/webhook-recover.tsx'),
			route('activity', 'routes/services/activity.tsx'),
		]),
		layout('routes/account/layout.tsx', [
			route('me/manage/general/personal-details', 'routes/account/personal-details.tsx'),
			route('me/manage/security/email', 'routes/account/email.tsx'),
			route('me/manage/security/password', 'routes/account/password.tsx'),
			route('me/manage/security/sessions', 'routes/account/sessions.tsx'),
			route('me/manage/security/multi-factor-authentication', 'routes/account/two-step.tsx'),
			route('me/manage/security/multi-factor-authentication/totp', 'routes/account/two-step-totp.tsx'),
			route('me/manage/security/multi-factor-authentication/email', 'routes/account/two-step-email.tsx'),
			route('me/manage/security/multi-factor-authentication/passkeys/new', 'routes/account/passkey-new.tsx'),
			route(
				'me/manage/security/multi-factor-authentication/passkeys/:passkeyId/remove',
				'routes/account/passkey-remove.tsx',
			),
			route('me/manage/security/multi-factor-authentication/recovery-codes', 'routes/account/recovery-codes.tsx'),
			route(
				'me/manage/security/multi-factor-authentication/recovery-codes.txt',
				'routes/account/recovery-codes-txt.ts',
			),
		]),
	]),
	// Signed out too (a partner who lost their authenticator, issue 31); a signed-in partner's form as before.
	route('contact', 'routes/contact.tsx'),
	route('tokens/:type/:token', 'routes/tokens.tsx'),
	route('healthz', 'routes/healthz.ts'),
	route('readyz', 'routes/readyz.ts'),
	// Catch-all last, so unmatched URLs still run the root middleware (headers, logs).
	route('*', 'routes/$.tsx'),
] satisfies RouteConfig
