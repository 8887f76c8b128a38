/** Zod-free, for the pages and their schemas. */

export const RECOVERY_INTENT = { kept: 'kept', generate: 'generate' } as const

export const SESSION_INTENT = { end: 'end', endOthers: 'end-others' } as const

export const PASSKEY_INTENT = { options: 'options', create: 'create' } as const
