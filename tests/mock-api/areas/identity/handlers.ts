/** Identity confirmation: read it, confirm it with the password or an authenticator code. */
import { confirmIdentityBody, validationMessages } from '../../../../app/api/contract/index'
import type { identityEndpoints } from '../../../../app/api/contract/identity.endpoints'
import { caller, parseBody, reply, validationFailed, type Handlers } from '../../http'
import { checkConfirmation, confirmPassword } from '../limits/state'
import { consumeTotpCode, twoStep, type CodeCheck } from '../two-step/state'
import { confirmIdentity, presentIdentityConfirmation, pruneIdentityConfirmations } from './state'

export const identityHandlers = {
	getIdentityConfirmation: (ctx) => reply(200, { data: presentIdentityConfirmation(ctx.store, caller(ctx)) }),

	confirmIdentity: async (ctx) => {
		const { store } = ctx
		const auth = caller(ctx)
		const body = parseBody(ctx, confirmIdentityBody)
		if (body.password !== undefined) {
			if (!(await confirmPassword(store, auth.user, body.password))) {
				throw validationFailed({ password: [validationMessages.passwordIncorrect] })
			}
		} else {
			// Wrong codes count with wrong passwords (one count per account): past it, a 429 before the code is checked.
			// A code of a step already used counts as a wrong one, and says so.
			const totp = twoStep(store, auth.user.id, 'totp')
			let check = 'invalid' as CodeCheck
			await checkConfirmation(store, auth.user.id, () => {
				check = totp?.active ? consumeTotpCode(store, totp, body.code ?? '') : 'invalid'
				return check === 'ok'
			})
			if (check === 'reused') {
				throw validationFailed({ code: [validationMessages.codeReused] }, { code: 'code_reused' })
			}
			if (check !== 'ok') {
				throw validationFailed({ code: [validationMessages.codeInvalid] }, { code: 'invalid_code' })
			}
		}
		pruneIdentityConfirmations(store)
		confirmIdentity(store, auth)
		return reply(201, { data: presentIdentityConfirmation(store, auth) })
	},
} satisfies Handlers<keyof typeof identityEndpoints>
