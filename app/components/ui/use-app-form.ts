import { useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { useRouteLoaderData } from 'react-router'
import type { z } from 'zod'
import { formatIssues } from '#app/utils/validation'

/**
 * conform's useForm with the house rules: the same zod schema as the server,
 * en-GB messages from the catalogue, validate a field when it loses focus and
 * re-check it while it is corrected. A draft kept across a sign-in fills the
 * form with the same id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useAppForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>(
	schema: Schema,
	{
		id,
		lastResult,
		defaultValue,
	}: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: Partial<z.input<Schema>> },
) {
	const { t } = useTranslation()
	// What the partner typed into this form when their session ended (root loader).
	const draft = (useRouteLoaderData('root') as { draft?: { form: string | null; values: Record<string, string> } } | undefined)?.draft
	if (draft?.form === id) defaultValue = { ...defaultValue, ...draft.values } as typeof defaultValue
	return useForm<z.input<Schema>, z.output<Schema>, string[]>({
		id,
		lastResult,
		defaultValue: defaultValue as never,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema, formatError: formatIssues(t) }),
	})
}
