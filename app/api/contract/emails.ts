// Decision 0028. The mock sends exactly these; to an unverified address, nothing its sender typed.

export type EmailRecipient = 'account' | 'new_address' | 'previous_address' | 'contact_address'

export type PartnerEmail = {
	subject: string
	to: EmailRecipient
	when: string
	/** Null: a code, or a message to the partner team. */
	link: string | null
}

const SERVICE_DEVELOPERS = '/services/{service_id}/developers'
const SERVICE_REVIEW = '/services/{service_id}/verifications#review'
const TWO_STEP_PAGE = '/me/manage/security/multi-factor-authentication'
const RECOVERY_CODES_PAGE = `${TWO_STEP_PAGE}/recovery-codes`
const RESET_PASSWORD = '/auth/reset-password'
const SESSIONS_PAGE = '/me/manage/security/sessions'

/** The emails to one recipient, `to` written once. */
function emailsTo<T extends Record<string, Omit<PartnerEmail, 'to'>>>(to: EmailRecipient, emails: T) {
	const entries = Object.entries(emails).map(([kind, { subject, ...rest }]) => [kind, { subject, to, ...rest }])
	return Object.fromEntries(entries) as { [K in keyof T]: T[K] & { to: EmailRecipient } }
}

export const partnerEmails = {
	...emailsTo('new_address', {
		email_verification: {
			subject: 'Verify your email address',
			when: 'POST /user-registrations; POST /user-verifications/{id}/token (resend)',
			link: '/tokens/email_verification/{token}',
		},
		email_change: {
			subject: 'Confirm your new email address',
			when: 'PATCH /users/me with `email`; POST /user-verifications/{id}/token (resend)',
			link: '/tokens/email_change/{token}',
		},
	}),
	...emailsTo('previous_address', {
		email_changed: {
			subject: 'Your email address was changed',
			when: 'the email_change link is used',
			link: '/me/manage/security/email',
		},
	}),
	...emailsTo('account', {
		reset_password: {
			subject: 'Reset your password',
			when: 'POST /user-reset-passwords/token (registered addresses only; the answer is the same)',
			link: '/auth/reset-password/token/{token}',
		},
		password_changed: {
			subject: 'Your password was changed',
			when: 'PATCH /users/me with `password`; POST /user-reset-passwords/activate',
			link: '/me/manage/security/password',
		},
		two_step_setup_code: {
			subject: 'Your verification code',
			when: 'POST /user-authentications/authentication-type-id/{emailTypeId}/secret (setting the email method up)',
			link: null,
		},
		sign_in_code: {
			subject: 'Your sign-in code',
			when: 'the same call with the restricted token of the password step',
			link: null,
		},
		two_step_enabled: {
			subject: 'Two-step authentication was turned on',
			when: 'POST /user-authentications/authentication-type-id/{typeId}/activate',
			link: TWO_STEP_PAGE,
		},
		two_step_disabled: {
			subject: 'Two-step authentication was turned off',
			when: 'POST /user-authentications/authentication-type-id/{typeId}/deactivate',
			link: TWO_STEP_PAGE,
		},
		recovery_codes_generated: {
			subject: 'New recovery codes for your account',
			when: 'the first two-step method turned on (activate); POST /recovery-codes',
			link: RECOVERY_CODES_PAGE,
		},
		recovery_code_used: {
			subject: 'A recovery code was used to sign in',
			when: 'POST /authentication-tokens/authentication-type-id/{recoveryCodeTypeId} (how many are left)',
			link: RECOVERY_CODES_PAGE,
		},
		passkey_added: {
			subject: 'A passkey was added to your account',
			when: 'POST /passkeys',
			link: TWO_STEP_PAGE,
		},
		passkey_removed: {
			subject: 'A passkey was removed from your account',
			when: 'DELETE /passkeys/{id}; turning the last two-step method off (every passkey)',
			link: TWO_STEP_PAGE,
		},
		new_sign_in: {
			subject: 'New sign-in to your account',
			when:
				'a complete sign-in from a browser (`Partner-Client-Device`, else the User-Agent) the account has not ' +
				'signed in from before; not the first sign-in of an account',
			link: SESSIONS_PAGE,
		},
		session_ended: {
			subject: 'A session of your account was ended',
			when: 'DELETE /users/me/sessions/{id}; POST /users/me/sessions/end-others (when any was ended)',
			link: SESSIONS_PAGE,
		},
		account_locked: {
			subject: 'Your account is locked after failed sign-ins',
			when: 'the failed sign-in that locks the account for the first time',
			link: RESET_PASSWORD,
		},
		sign_in_failed: {
			subject: 'Failed sign-in attempt',
			when: 'each failed sign-in after a lock expired (it locks the account again)',
			link: RESET_PASSWORD,
		},
		sign_in_refused_while_locked: {
			subject: 'Sign-in attempts while your account is locked',
			when:
				'a sign-in attempt while the account is locked: the first of each lock at once, then at most one email a ' +
				'minute listing the attempts since the last one',
			link: RESET_PASSWORD,
		},
		client_secret_rotated: {
			subject: 'A new client secret was created for {service}',
			when: 'POST /services/{id}/secrets',
			link: SERVICE_DEVELOPERS,
		},
		client_secret_reset: {
			subject: 'The client secrets of {service} were reset',
			when: 'POST /services/{id}/secrets/reset',
			link: SERVICE_DEVELOPERS,
		},
		client_secret_revoked: {
			subject: 'A client secret of {service} was revoked',
			when: 'DELETE /services/{id}/secrets/{secretId}',
			link: SERVICE_DEVELOPERS,
		},
		signing_secret_rotated: {
			subject: 'The webhook signing secret of {service} was rotated',
			when: 'POST /services/{id}/webhook-signing-secrets/rotate',
			link: `${SERVICE_DEVELOPERS}#signing-secret`,
		},
		webhook_endpoint_failing: {
			subject: 'Webhook deliveries to {service} are failing',
			when: 'Every delivery attempt failed for a day (webhookLimits.warnAfterDays), once per run of failures',
			link: '/services/{service_id}/webhooks',
		},
		webhook_endpoint_pausing: {
			subject: 'Webhook deliveries to {service} pause tomorrow',
			when: 'A day before the pause (webhookLimits.pauseAfterDays), once per run of failures',
			link: '/services/{service_id}/webhooks',
		},
		webhook_endpoint_paused: {
			subject: 'Webhook deliveries to {service} are paused',
			when: 'Every delivery attempt failed for 3 days (webhookLimits.pauseAfterDays)',
			link: '/services/{service_id}/webhooks',
		},
		review_verified: {
			subject: '{service} was approved',
			when: "the operator verifies the service's review (the service goes live)",
			link: SERVICE_REVIEW,
		},
		review_dismissed: {
			subject: '{service} was not approved',
			when: "the operator dismisses the service's review, with the reason",
			link: SERVICE_REVIEW,
		},
	}),
	...emailsTo('contact_address', {
		contact: {
			subject: 'Contact: {subject}',
			when: "POST /contact-messages (with the sender's name, email and company)",
			link: null,
		},
		guest_contact: {
			subject: 'Contact (signed out): {subject}',
			when: 'POST /guest-contact-messages (with the name and address the sender gave, unverified)',
			link: null,
		},
	}),
} satisfies Record<string, PartnerEmail>

export type PartnerEmailKind = keyof typeof partnerEmails

export function fillEmailTemplate(template: string, values: Record<string, string>): string {
	return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
