/** Zod-free, for the pages and their schemas. */

export const RECOVERY_INTENT = { kept: 'kept', generate: 'generate' } as const
