// Loaded after it by `useAppForm`; imported first here too, as a reminder that it must come first.
import './zod-jitless.client'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Namespace, TFunction } from 'i18next'
import type { z } from 'zod'
import { formatIssues } from '#app/forms/validation'

/** Loaded lazily with zod, when the form is first used (`useAppForm`). */
export function validate<Schema extends z.ZodType>(formData: FormData, schema: Schema, t: TFunction<Namespace>) {
	return parseWithZod(formData, { schema, formatError: formatIssues(t) })
}
