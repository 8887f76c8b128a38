import { getFormProps, type FormMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ErrorSummary, type SummaryError } from './error-summary'

/**
 * A post form with the CSRF token, an error summary linked to its fields,
 * and conform's wiring. Works the same with JavaScript off.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function AppForm<Schema extends Record<string, any>>({
	form,
	children,
	action,
	labels = {},
	className,
	replace,
}: {
	form: FormMetadata<Schema, string[]>
	children: ReactNode
	action?: string
	/** Field name → label, to phrase the summary's links. */
	labels?: Record<string, string>
	className?: string
	replace?: boolean
}) {
	const errors: SummaryError[] = []
	for (const message of form.errors ?? []) errors.push({ message })
	for (const [name, messages] of Object.entries(form.allErrors)) {
		if (name === '' || name === form.id || !messages?.length) continue
		const field = form.getFieldset()[name as never] as { id?: string } | undefined
		const fieldId = field?.id ?? `${form.id}-${name}`
		for (const message of messages)
			errors.push({ message: labels[name] ? `${labels[name]}: ${message}` : message, fieldId })
	}
	return (
		<Form method="post" action={action} {...getFormProps(form)} className={className ?? 'form stack'} replace={replace}>
			<AuthenticityTokenInput />
			{/* Names the form, so a draft kept across a sign-in comes back to the right one. */}
			<input type="hidden" name="__form" value={form.id} />
			<ErrorSummary errors={errors} id={`${form.id}-summary`} />
			{children}
		</Form>
	)
}
