import { describe, expect, test } from 'vitest'
import { ApiError } from './errors'
import { needsIdentityConfirmation } from './identity.server'

describe('identity confirmation', () => {
	test("tells the API's 403 for an ended (or missing) confirmation from other refusals", () => {
		const body = { message: 'Confirm your identity first.', code: 'identity_confirmation_required' }
		expect(needsIdentityConfirmation(new ApiError('bad_request', 'x', { status: 403, body }))).toBe(true)
		const twoStep = { message: 'Two-step authentication required.', code: 'two_step_required' }
		expect(needsIdentityConfirmation(new ApiError('bad_request', 'x', { status: 403, body: twoStep }))).toBe(false)
		expect(needsIdentityConfirmation(new ApiError('bad_request', 'x', { status: 422, body }))).toBe(false)
		expect(needsIdentityConfirmation(new Error('x'))).toBe(false)
	})
})
