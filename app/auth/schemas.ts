import { z } from 'zod'

/** Password policy (docs/decisions/0007-password-policy.md). */
export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 128
export const CODE_DIGITS = 6

export const countries = ['BR', 'DE', 'ES', 'FR', 'GB', 'IT', 'RO'] as const
export const locales = ['en-GB', 'ro-RO', 'pt-BR', 'it-IT', 'fr-FR', 'es-ES', 'de-DE'] as const

export const passwordRules = {
	minLength: (value: string) => value.length >= PASSWORD_MIN,
	capital: (value: string) => /[A-Z]/.test(value),
	number: (value: string) => /[0-9]/.test(value),
	special: (value: string) => /[^A-Za-z0-9\s]/.test(value),
}

export const emailField = z.email().max(254)

/** A new password: the checklist of spec point 5. */
export const newPasswordField = z
	.string()
	.min(PASSWORD_MIN)
	.max(PASSWORD_MAX)
	.regex(/[A-Z]/, 'capitalLetter')
	.regex(/[0-9]/, 'number')
	.regex(/[^A-Za-z0-9\s]/, 'specialCharacter')

/** An existing password: only bounded, never checked against the policy. */
export const currentPasswordField = z.string().max(1024)

/** "123 456" and "123-456" are accepted: separators are dropped first. */
export const codeField = z
	.string()
	.transform((value) => value.replace(/[\s-]/g, ''))
	.pipe(z.string().min(1).regex(/^\d+$/, 'onlyNumbers').length(CODE_DIGITS))

/** Cross-field rule: the re-entered password matches. */
export function confirmed<T extends { password: string; password_confirmation: string }>(
	value: T,
	ctx: z.RefinementCtx,
) {
	if (value.password !== value.password_confirmation) {
		ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'passwordsDoNotMatch' })
	}
}

export const signInSchema = z.object({
	email: emailField,
	password: currentPasswordField,
	redirect_to: z.string().max(2048).optional(),
})

export const signUpSchema = z
	.object({
		first_name: z.string().trim().min(1).max(100),
		last_name: z.string().trim().min(1).max(100),
		company_name: z.string().trim().min(1).max(150),
		email: emailField,
		password: newPasswordField,
		password_confirmation: z.string().max(PASSWORD_MAX),
		country: z.enum(countries),
		locale: z.enum(locales),
		redirect_to: z.string().max(2048).optional(),
	})
	.superRefine(confirmed)

export const resetRequestSchema = z.object({ email: emailField })

export const resetCompleteSchema = z
	.object({ password: newPasswordField, password_confirmation: z.string().max(PASSWORD_MAX) })
	.superRefine(confirmed)

export const twoStepCodeSchema = z.object({
	intent: z.literal('verify'),
	method: z.enum(['totp', 'email']),
	code: codeField,
})
