// Loaded after it by `useAppForm`; imported first here too, as a reminder that it must come first.
import './zod-jitless.client'
import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { formatIssues } from '#app/forms/validation'

/** Loaded lazily with zod, when the form is first used (`useAppForm`). */
export function validate<Schema extends z.ZodType>(
	formData: FormData,
	schema: Schema,
	t: Parameters<typeof formatIssues>[0],
): Submission<z.input<Schema>, string[], z.output<Schema>> {
	return parseWithZod(formData, { schema, formatError: formatIssues(t) })
}
