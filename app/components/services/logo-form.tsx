import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { href, Link, useFetcher } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { logoRules } from '#app/api/contract/images'
import { REDIRECT_PARAM } from '#app/auth/redirect'
import type { ServiceLogo as Logo } from '#app/api/contract/services'
import { ErrorSummary, type SummaryError } from '#app/components/ui/error-summary'
import { Spinner } from '#app/components/ui/spinner'
import { ServiceLogo } from './service-summary'
import {
	LOGO_FIELD,
	LOGO_INTENT,
	LOGO_REDIRECT_FIELD,
	logoHint,
	logoRuleMessage,
	type LogoFormResult,
} from '#app/services/logo'

type Props = {
	service: { id: string; name: string; logo: Logo | null }
	/** Where a success lands (checked on the server); the service's details page when absent. */
	redirectTo?: string
	/** A failed post without JS, as the logo page received it (with JS the fetcher holds it). */
	result?: LogoFormResult
}

/**
 * The logo of a service: the current one (or that there is none), a plain
 * multipart form posting to the logo route (`/services/:serviceId/manage/logo`)
 * from whatever page it sits on, and a "Remove logo" link to its confirmation
 * page when there is one. Without JS a failure lands on the logo page; with JS
 * the upload goes through a fetcher, so this page stays, errors show here, and
 * the chosen image is previewed before it is sent. After an upload that
 * succeeded the form is as on a fresh page: no earlier error, no preview.
 */
export function LogoForm({ service, redirectTo, result }: Props) {
	const { t } = useTranslation(['services', 'common'])
	const action = href('/services/:serviceId/manage/logo', { serviceId: service.id })
	const upload = useFetcher<LogoFormResult>()
	const formRef = useRef<HTMLFormElement>(null)
	const [preview, setPreview] = useState<string | null>(null)
	const [tooLarge, setTooLarge] = useState(false)
	// A success redirects, which brings the fetcher no data: it keeps the answer of an earlier, failed upload.
	// That answer is out of date once a later upload succeeded.
	const [outdated, setOutdated] = useState<{ data: LogoFormResult | undefined } | null>(null)
	const fetched = upload.data !== outdated?.data ? upload.data : undefined
	// The upload's answer (with JS), else the one the page was rendered with (without JS, a failed post).
	const latest = fetched ?? (outdated ? undefined : result)
	const errors = latest?.errors ?? {}
	const fieldErrors = tooLarge ? [logoRuleMessage('size', t)] : (errors.logo ?? [])
	const ids = { input: `logo-${service.id}`, hint: `logo-${service.id}-hint`, error: `logo-${service.id}-error` }
	const summary: SummaryError[] = [
		...(errors.form ?? []).map((message) => ({ message })),
		...fieldErrors.map((message) => ({ message: `${t('logo.field')}: ${message}`, fieldId: ids.input })),
	]
	const target = latest?.redirectTo ?? redirectTo

	// The object URL of the preview lives as long as it is shown.
	useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])

	// A success redirects (no new data): like a fresh page, the form is empty again, the earlier answer gone.
	const submitting = useRef<{ before: LogoFormResult | undefined } | null>(null)
	useEffect(() => {
		if (upload.state === 'submitting') submitting.current ??= { before: upload.data }
		else if (upload.state === 'idle' && submitting.current) {
			const { before } = submitting.current
			submitting.current = null
			if (upload.data === before) {
				formRef.current?.reset()
				setPreview(null)
				setOutdated({ data: upload.data })
			}
		}
	}, [upload.state, upload.data])

	function choose(file: File | undefined) {
		setTooLarge(false)
		setPreview(file && file.size > 0 ? URL.createObjectURL(file) : null)
	}

	// A file over the limit would be refused before the route runs (413): say so here instead.
	function checkSize(event: FormEvent<HTMLFormElement>) {
		const file = new FormData(event.currentTarget).get(LOGO_FIELD)
		if (file instanceof File && file.size > logoRules.maxBytes) {
			event.preventDefault()
			setTooLarge(true)
		}
	}

	const hidden = (
		<>
			<AuthenticityTokenInput />
			{target ? <input type="hidden" name={LOGO_REDIRECT_FIELD} value={target} /> : null}
		</>
	)
	const uploading = upload.state !== 'idle'
	return (
		<div className="stack">
			<figure className="logo-preview">
				<ServiceLogo
					logo={service.logo}
					name={service.name}
					size={128}
					alt={t('logo.currentAlt', { name: service.name })}
				/>
				<figcaption>{service.logo ? t('logo.current') : t('logo.none')}</figcaption>
			</figure>
			<upload.Form
				ref={formRef}
				method="post"
				action={action}
				encType="multipart/form-data"
				className="form stack"
				onSubmit={checkSize}
				aria-label={t('logo.title')}
			>
				{hidden}
				<ErrorSummary errors={summary} id={`logo-${service.id}-summary`} />
				<div className={`field${fieldErrors.length ? ' field--error' : ''}`}>
					<label className="field__label" htmlFor={ids.input}>
						{t('logo.field')}
					</label>
					<div className="field__hint" id={ids.hint}>
						{logoHint(t)}
					</div>
					{fieldErrors.length ? (
						<p className="field__error" id={ids.error}>
							<span className="visually-hidden">{t('common:fieldError')} </span>
							{fieldErrors.join(' ')}
						</p>
					) : null}
					<input
						id={ids.input}
						name={LOGO_FIELD}
						type="file"
						accept="image/png,image/jpeg"
						className="field__input"
						aria-invalid={fieldErrors.length ? true : undefined}
						aria-describedby={fieldErrors.length ? `${ids.hint} ${ids.error}` : ids.hint}
						onChange={(event) => choose(event.currentTarget.files?.[0])}
					/>
				</div>
				{preview ? (
					<figure className="logo-preview">
						<img
							className="service-logo"
							src={preview}
							alt={t('logo.preview')}
							width={128}
							height={128}
							onError={() => setPreview(null)}
						/>
						<figcaption className="muted">{t('logo.previewNote')}</figcaption>
					</figure>
				) : null}
				<div className="button-row">
					<button
						type="submit"
						name="intent"
						value={LOGO_INTENT.upload}
						className="button button--primary"
						aria-disabled={uploading || undefined}
						onClick={(event) => {
							if (uploading) event.preventDefault()
						}}
					>
						{uploading ? <Spinner size="small" label={t('logo.uploading')} /> : null}
						<span>{t('logo.upload')}</span>
					</button>
				</div>
			</upload.Form>
			{service.logo ? (
				<p>
					<Link
						className="button button--secondary"
						to={`${href('/services/:serviceId/manage/logo/remove', { serviceId: service.id })}${target ? `?${new URLSearchParams({ [REDIRECT_PARAM]: target })}` : ''}`}
					>
						{t('logo.remove')}
					</Link>
				</p>
			) : null}
		</div>
	)
}
