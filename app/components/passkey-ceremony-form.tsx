// Decision 0041: the browser's part of a passkey (PasskeyCeremony loads it after hydration).
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useFetcher, useSubmit } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '#app/api/contract/passkeys'
import { AnswerErrors, type Ceremony, type OptionsAnswer } from './passkey-answer'
import { Notice } from '#app/components/ui/notice'
import { Spinner } from '#app/components/ui/spinner'

export default function CeremonyForm({
	ceremony,
	optionsIntent,
	submitIntent,
	label,
	children,
}: {
	ceremony: Ceremony
	optionsIntent: string
	submitIntent: string
	label: string
	children?: ReactNode
}) {
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
			<AnswerErrors result={fetcher.data?.result} />
			{step === 'cancelled' || step === 'unsupported' ? <Notice tone="warning" title={t(`passkey.${step}`)} /> : null}
			{children}
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
