// Decision 0041: the browser's part of a passkey (PasskeyCeremony loads it after hydration).
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useFetcher, useSubmit } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '#app/api/contract/passkeys'
import type { CeremonyField, CeremonyProps, OptionsAnswer } from './passkey-ceremony'
import type { AnswerResult } from '#app/components/ui/answer-errors'
import { ErrorSummary } from '#app/components/ui/error-summary'
import { Notice } from '#app/components/ui/notice'
import { Spinner } from '#app/components/ui/spinner'

export default function CeremonyForm({
	ceremony,
	optionsIntent,
	submitIntent,
	label,
	fields = [],
	lastResult,
}: CeremonyProps) {
	const { t } = useTranslation('common')
	const fetcher = useFetcher<OptionsAnswer>()
	const submit = useSubmit()
	const form = useRef<HTMLFormElement>(null)
	const [step, setStep] = useState<'idle' | 'browser' | 'cancelled' | 'unsupported'>('idle')
	const options = fetcher.data?.passkeyOptions
	useEffect(() => {
		if (!options || fetcher.state !== 'idle') return
		let current = true
		setStep('browser')
		const asked: Promise<object> =
			ceremony === 'create'
				? startRegistration({ optionsJSON: options as PasskeyCreationOptions })
				: startAuthentication({ optionsJSON: options as PasskeyRequestOptions })
		asked.then(
			(credential) => {
				if (!current || !form.current) return
				const body = new FormData(form.current)
				body.set('intent', submitIntent)
				body.set('credential', JSON.stringify(credential))
				setStep('idle')
				void submit(body, { method: 'post' })
			},
			// Cancelled, timed out, or no passkey of this account on the device.
			() => current && setStep('cancelled'),
		)
		return () => {
			current = false
		}
	}, [options, fetcher.state, ceremony, submitIntent, submit])
	const busy = fetcher.state !== 'idle' || step === 'browser'
	const result = fetcher.data?.result ?? lastResult
	// A password is emptied by each answer, as secrets are never given back.
	useEffect(() => {
		form.current?.querySelectorAll<HTMLInputElement>('input[type="password"]').forEach((input) => (input.value = ''))
	}, [result])
	return (
		<Form
			method="post"
			ref={form}
			className="form stack"
			onSubmit={(event) => {
				event.preventDefault()
				const body = new FormData(event.currentTarget)
				body.set('intent', optionsIntent)
				if (!browserSupportsWebAuthn()) return setStep('unsupported')
				void fetcher.submit(body, { method: 'post' })
			}}
		>
			<AuthenticityTokenInput />
			<Summary result={result} fields={fields} />
			{step === 'cancelled' || step === 'unsupported' ? <Notice tone="warning" title={t(`passkey.${step}`)} /> : null}
			{fields.map((field) => (
				<Field key={field.name} field={field} result={result} />
			))}
			<div className="button-row">
				<button
					type="submit"
					className="button button--primary"
					aria-disabled={busy || undefined}
					onClick={(event) => busy && event.preventDefault()}
				>
					{busy ? <Spinner size="small" label={t('passkey.waiting')} /> : null}
					<span>{label}</span>
				</button>
			</div>
		</Form>
	)
}

const fieldId = (name: string) => `passkey-${name}`

function Summary({ result, fields }: { result?: AnswerResult; fields: CeremonyField[] }) {
	const named = new Map(fields.map((field) => [field.name, field.label]))
	const errors = Object.entries(result?.error ?? {}).flatMap(([name, messages]) => {
		const label = named.get(name)
		if (!messages?.length) return []
		return label
			? [{ message: `${label}: ${messages[0]}`, fieldId: fieldId(name) }]
			: messages.map((message) => ({ message }))
	})
	return <ErrorSummary errors={errors} id="passkey-summary" />
}

/** Its first error beside it. */
function Field({ field, result }: { field: CeremonyField; result?: AnswerResult }) {
	const { t } = useTranslation()
	const id = fieldId(field.name)
	const error = result?.error?.[field.name]?.[0]
	const described = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
	return (
		<div className={`field${error ? ' field--error' : ''}`}>
			<label className="field__label" htmlFor={id}>
				{field.label}
			</label>
			{field.hint ? (
				<p className="field__hint" id={`${id}-hint`}>
					{field.hint}
				</p>
			) : null}
			{error ? (
				<p className="field__error" id={`${id}-error`}>
					<span className="visually-hidden">{t('fieldError')} </span>
					{error}
				</p>
			) : null}
			<input
				className="field__input"
				id={id}
				name={field.name}
				type={field.type ?? 'text'}
				autoComplete={field.autoComplete ?? 'off'}
				maxLength={field.maxLength}
				aria-invalid={error ? true : undefined}
				aria-describedby={described || undefined}
			/>
		</div>
	)
}
