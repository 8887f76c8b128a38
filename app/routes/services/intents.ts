/** Zod-free, for the pages and their schemas. */

export const WEBHOOK_INTENT = { test: 'test', check: 'check', resume: 'resume' } as const

export const PROTECTION_INTENT = { save: 'save', toggle: 'toggle' } as const

export const VERIFY_INTENT = { verify: 'verify' } as const
