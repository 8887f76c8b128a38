import { describe, expect, test } from 'vitest'
import { loggablePath } from './request-log'

describe('loggablePath', () => {
	test('drops the query string, which may carry codes', () => {
		expect(loggablePath('https://p.example/auth/sign-in?redirect_to=/x&code=123456')).toBe('/auth/sign-in')
	})
	test('redacts the reset-password token in the path', () => {
		expect(loggablePath('https://p.example/auth/reset-password/token/s3cr3t')).toBe(
			'/auth/reset-password/token/[redacted]',
		)
	})
	test('redacts emailed verification tokens but keeps their type', () => {
		expect(loggablePath('https://p.example/tokens/email_verification/abc.def')).toBe(
			'/tokens/email_verification/[redacted]',
		)
	})
	test('redacts whatever the case, since routing ignores it', () => {
		expect(loggablePath('https://p.example/Auth/Reset-Password/Token/X')).toBe('/Auth/Reset-Password/Token/[redacted]')
		expect(loggablePath('https://p.example/TOKENS/Email_Change/abc')).toBe('/TOKENS/Email_Change/[redacted]')
	})
	test('redacts the spellings the router serves as the same page: encoded letters, doubled slashes', () => {
		expect(loggablePath('https://p.example/auth/reset-password/%74oken/s3cr3t')).toBe(
			'/auth/reset-password/%74oken/[redacted]',
		)
		expect(loggablePath('https://p.example//auth//reset-password//token//s3cr3t')).toBe(
			'//auth//reset-password//token//[redacted]',
		)
	})
	test('leaves ordinary paths alone', () => {
		expect(loggablePath('https://p.example/services/42/manage')).toBe('/services/42/manage')
	})
})
