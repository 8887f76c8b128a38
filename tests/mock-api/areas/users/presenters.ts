/** Users and verifications as the contract shows them. */
import { presentRecoveryCodes } from '../two-step/recovery-codes'
import type { User, UserVerification } from '../../../../app/api/contract/index'
import { POLICY } from '../../policy'
import type { MockStore } from '../../store'
import type { UserRecord, VerificationRecord } from './state'

export function presentUser(store: MockStore, user: UserRecord): User {
	return {
		id: user.id,
		first_name: user.first_name,
		last_name: user.last_name,
		email: user.email,
		pending_email: user.pending_email,
		email_verified_at: user.email_verified_at === null ? null : store.clock.iso(user.email_verified_at),
		company_name: user.company_name,
		country: user.country,
		locale: user.locale,
		user_type: { key: 'partner' },
		created_at: store.clock.iso(user.created_at),
		recovery_codes: presentRecoveryCodes(store, user.id),
	}
}

export function presentVerification(store: MockStore, verification: VerificationRecord): UserVerification {
	const available =
		verification.last_sent_at === null ? null : verification.last_sent_at + POLICY.resendIntervalSeconds * 1000
	const waiting = verification.status === 'pending' && available !== null && available > store.now()
	return {
		id: verification.id,
		type: 'email',
		value: verification.value,
		status: verification.status,
		verified_at: verification.verified_at === null ? null : store.clock.iso(verification.verified_at),
		resend_available_at: waiting ? store.clock.iso(available!) : null,
		resend_available_in_seconds: waiting ? Math.ceil((available! - store.now()) / 1000) : 0,
	}
}
