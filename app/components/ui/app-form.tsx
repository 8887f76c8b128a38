import { getFormProps, type FormMetadata } from '@conform-to/react'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Form, type FetcherWithComponents } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ErrorSummary, type SummaryError } from './error-summary'
import { domId } from './field'
import { FORM_ID_FIELD } from '#app/utils/form-id'

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
	fetcher,
	encType,
	browserErrors = {},
	onSubmit,
}: {
	form: FormMetadata<Schema, string[]>
	children: ReactNode
	action?: string
	/** Field name → label, to phrase the summary's links. */
	labels?: Record<string, string>
	className?: string
	replace?: boolean
	/** Posts through this fetcher, so the page stays (the form works the same without JS). */
	fetcher?: FetcherWithComponents<unknown>
	encType?: 'multipart/form-data'
	/** Errors the browser found before the schema could (e.g. a file too large to send), by field name. */
	browserErrors?: Record<string, string[]>
	/** Runs first; a submit it prevents goes no further. */
	onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
	// The summary takes focus for a submit's errors (found in the browser, or answered by the server), not for
	// those found while the partner types: typing spends the submit's claim.
	const submitted = useRef(false)
	// Messages about the whole form ("not saved", "confirm it's you again") stay until the partner submits again:
	// conform's check of a field as it is left would take them away, and the button being clicked would move up
	// under the pointer, so the click would land beside it. A submit hides them until its own answer comes.
	const [submits, setSubmits] = useState(0)
	const formLevel = useRef({ messages: [] as string[], submit: 0 })
	if (form.errors?.length) formLevel.current = { messages: form.errors, submit: submits }
	const formMessages = formLevel.current.submit === submits ? formLevel.current.messages : []
	const formProps = getFormProps(form)
	const errors: SummaryError[] = []
	for (const message of formMessages) errors.push({ message })
	for (const [name, messages] of Object.entries({ ...form.allErrors, ...browserErrors })) {
		if (name === '' || name === form.id || !messages?.length) continue
		const field = form.getFieldset()[name as never] as { id?: string } | undefined
		const fieldId = domId(field?.id ?? `${form.id}-${name}`)
		for (const message of messages)
			errors.push({ message: labels[name] ? `${labels[name]}: ${message}` : message, fieldId })
	}
	const FormElement = fetcher?.Form ?? Form
	return (
		<FormElement
			method="post"
			action={action}
			encType={encType}
			{...formProps}
			onInputCapture={() => (submitted.current = false)}
			onSubmit={(event) => {
				onSubmit?.(event)
				if (event.defaultPrevented) return
				// conform checks a field as it is left by submitting an intent: that is not the partner's submit. Its intent
				// buttons are named as conform's own `getButtonProps` names them.
				const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
				if (submitter?.name !== form.validate.getButtonProps().name) {
					submitted.current = true
					setSubmits((count) => count + 1)
				}
				formProps.onSubmit(event)
			}}
			className={className ?? 'form stack'}
			replace={replace}
		>
			<AuthenticityTokenInput />
			{/* Names the form, so a draft kept across a sign-in comes back to the right one. */}
			<input type="hidden" name={FORM_ID_FIELD} value={form.id} />
			<ErrorSummary errors={errors} id={`${form.id}-summary`} mayTakeFocus={() => submitted.current} />
			{children}
		</FormElement>
	)
}
