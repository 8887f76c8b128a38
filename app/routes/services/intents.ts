/** The `intent` values of the services pages' forms: zod-free, for the pages and their schemas. */

/**
 * Webhooks: the actions of the page, each a POST button ending on a page of its own (the result; for resume, the
 * recovery from the pause's start).
 */
export const WEBHOOK_INTENT = { test: 'test', check: 'check', resume: 'resume' } as const

/** Protections: the Save button of the checkbox list (JS off) and a switch saving one protection on its own (JS on). */
export const PROTECTION_INTENT = { save: 'save', toggle: 'toggle' } as const

/** Verifications: the one action of the page; reset, submit and cancel have confirmation pages of their own. */
export const VERIFY_INTENT = { verify: 'verify' } as const
