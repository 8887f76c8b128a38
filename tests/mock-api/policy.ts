import { emailIntervalSeconds } from '../../app/api/contract/index'

/** Lifetimes and intervals of the mock API (the lockout numbers live in lockout.ts). */
export const POLICY = {
	/** Access token; override with `--access-ttl` / `accessTtlSeconds`. */
	accessTtlSeconds: 15 * 60,
	refreshTtlSeconds: 31 * 24 * 60 * 60,
	/** Both tokens of the restricted pair issued by the password step of a two-step account. */
	restrictedTtlSeconds: 10 * 60,
	/** A rotated refresh token presented again within this window gets the same new pair. */
	refreshGraceSeconds: 30,
	/** email_verification and email_change links. */
	emailTokenTtlSeconds: 24 * 60 * 60,
	/** reset_password links. */
	resetTokenTtlSeconds: 60 * 60,
	/** Emailed two-step codes. */
	emailCodeTtlSeconds: 10 * 60,
	/** Verification emails and email codes: at most one send per interval (the contract's). */
	resendIntervalSeconds: emailIntervalSeconds,
	/** Issuer shown by authenticator apps. */
	totpIssuer: 'Partner Portal',
} as const
