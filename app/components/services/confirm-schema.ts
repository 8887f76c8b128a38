import { z } from 'zod'

/** A confirmation has no fields: the CSRF token is checked before any action runs. */
export const confirmSchema = z.object({})
