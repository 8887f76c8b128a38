import { useForm, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { useTranslation } from '#app/i18n'
import { useActionData, useNavigation, useRouteLoaderData } from 'react-router'
import type { z } from 'zod'
import { useDismissFlash } from './flash'
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
	const draft = (
		useRouteLoaderData('root') as { draft?: { form: string | null; values: Record<string, string> } } | undefined
	)?.draft
	if (draft?.form === id) defaultValue = { ...defaultValue, ...draft.values } as typeof defaultValue
	const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
		id,
		lastResult,
		defaultValue: defaultValue as never,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema, formatError: formatIssues(t) }),
	})
	useLikeAFreshPage(form)
	return [form, fields] as const
}

/**
 * Without JS every submission loads a fresh page; with JS the page stays, so
 * do what that fresh page would: after a submission that succeeded (the
 * action redirected, leaving no action data) the form is back to its
 * defaults, typed secrets included; after one that failed (in the browser
 * or on the server), a one-time success banner of the root is gone (its
 * loader shows it once; see `FlashProvider`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function useLikeAFreshPage(form: FormMetadata<any, string[]>) {
	const navigation = useNavigation()
	const actionData = useActionData()
	const submitted = useRef(false)
	useEffect(() => {
		if (navigation.formMethod && navigation.formMethod !== 'GET') submitted.current = true
		else if (navigation.state === 'idle' && submitted.current) {
			submitted.current = false
			if (actionData === undefined) form.reset()
		}
	}, [navigation, actionData, form])

	const dismissFlash = useDismissFlash()
	// Runs when a submission starts failing, not when a banner arrives.
	useEffect(() => {
		if (form.status === 'error') dismissFlash()
		// eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: only a change of status triggers it
	}, [form.status])
}
