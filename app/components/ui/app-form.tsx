import { getFormProps, type FormMetadata } from '@conform-to/react'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Form, type FetcherWithComponents } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ErrorSummary, type SummaryError } from './error-summary'
import { domId } from './field'
import { FORM_ID_FIELD } from '#app/forms/form-id'

/** A post form with the CSRF token, an error summary and conform's wiring; the same with JavaScript off. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function AppForm<Schema extends Record<string, any>>({
	form,
	children,
	action,
	labels = {},
	className,
	fetcher,
	encType,
	browserErrors = {},
	onSubmit,
}: {
	form: FormMetadata<Schema, string[]>
	children: ReactNode
	action?: string
	labels?: Record<string, string>
	className?: string
	/** Posts through this fetcher, so the page stays (the form works the same without JS). */
	fetcher?: FetcherWithComponents<unknown>
	encType?: 'multipart/form-data'
	/** Errors the browser found before the schema could (e.g. a file too large to send). */
	browserErrors?: Record<string, string[]>
	onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
	// The summary takes focus for a submit's errors, not for those found while typing.
	const submitted = useRef(false)
	// Form-level messages stay until the next submit: removing them on blur would shift the button under the pointer.
	const [submits, setSubmits] = useState(0)
	const formLevel = useRef({ messages: [] as string[], submit: 0 })
	if (form.errors?.length) formLevel.current = { messages: form.errors, submit: submits }
	const formMessages = formLevel.current.submit === submits ? formLevel.current.messages : []
	const formProps = getFormProps(form)
	const errors: SummaryError[] = formMessages.map((message) => ({ message }))
	for (const [name, messages] of Object.entries({ ...form.allErrors, ...browserErrors })) {
		if (name === '' || name === form.id || !messages?.length) continue
		const field = form.getFieldset()[name as never] as { id?: string } | undefined
		const fieldId = domId(field?.id ?? `${form.id}-${name}`)
		// One entry a field, as beside it.
		const message = messages[0]!
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
				// A field check on blur is conform's intent submit (named as `getButtonProps` names it), not the partner's.
				const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
				if (submitter?.name !== form.validate.getButtonProps().name) {
					submitted.current = true
					setSubmits((count) => count + 1)
				}
				formProps.onSubmit(event)
			}}
			className={className ?? 'form stack'}
		>
			<AuthenticityTokenInput />
			{/* Names the form, so a draft kept across a sign-in comes back to the right one. */}
			<input type="hidden" name={FORM_ID_FIELD} value={form.id} />
			<ErrorSummary errors={errors} id={`${form.id}-summary`} mayTakeFocus={() => submitted.current} />
			{children}
		</FormElement>
	)
}
