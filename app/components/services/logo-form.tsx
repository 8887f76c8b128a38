import type { SubmissionResult } from '@conform-to/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { href, Link, useFetcher } from 'react-router'
import { ServiceLogo } from './service-logo'
import { logoRules } from '#app/api/contract/images'
import type { ServiceLogo as Logo } from '#app/api/contract/services'
import { REDIRECT_PARAM } from '#app/auth/redirect'
import { AppForm } from '#app/components/ui/app-form'
import { FileField } from '#app/components/ui/field'
import { Spinner } from '#app/components/ui/spinner'
import { useAppForm } from '#app/components/ui/use-app-form'
import { LOGO_FIELD, LOGO_INTENT, LOGO_REDIRECT_FIELD, logoHint, logoRuleMessage } from '#app/services/logo'

type Answer = { result: SubmissionResult<string[]> }

type Props = {
	service: { id: string; name: string; logo: Logo | null }
	/** Where a success lands (checked on the server). */
	redirectTo?: string
	/** A failed post without JS (with JS the fetcher holds it). */
	lastResult?: SubmissionResult<string[]>
}

/** With JS the upload goes through a fetcher, so the page stays; without JS a failure lands on the logo page. */
export function LogoForm({ service, redirectTo, lastResult }: Props) {
	const { t, i18n } = useTranslation(['settings', 'common'])
	const upload = useFetcher<Answer>()
	const [preview, setPreview] = useState<string | null>(null)
	// What the browser already knows is wrong with the chosen file: its size, then its dimensions.
	const [problem, setProblem] = useState<string | null>(null)
	// A success brings the fetcher no data: it keeps an earlier failed upload's answer, out of date by then.
	const [outdated, setOutdated] = useState<{ data: Answer | undefined } | null>(null)
	const fetched = upload.data !== outdated?.data ? upload.data : undefined
	const latest = fetched?.result ?? (outdated ? undefined : lastResult)
	const [form, fields] = useAppForm(() => import('#app/routes/services/schemas').then((m) => m.logoSchema), {
		id: `logo-${service.id}`,
		lastResult: latest,
	})
	// The failed post's `redirect_to`, for the next attempt (checked again on the server).
	const target = (fields[LOGO_REDIRECT_FIELD].initialValue as string | undefined) ?? redirectTo

	useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])

	const submitting = useRef<{ before: Answer | undefined } | null>(null)
	useEffect(() => {
		if (upload.state === 'submitting') submitting.current ??= { before: upload.data }
		else if (upload.state === 'idle' && submitting.current) {
			const { before } = submitting.current
			submitting.current = null
			if (upload.data === before) {
				form.reset()
				setPreview(null)
				setOutdated({ data: upload.data })
			}
		}
	}, [upload.state, upload.data, form])

	/** The latest file chosen, so a slower check of an earlier one says nothing. */
	const chosen = useRef(0)
	function choose(file: File | undefined) {
		chosen.current += 1
		const tooLarge = file !== undefined && file.size > logoRules.maxBytes
		setProblem(tooLarge ? logoRuleMessage('size', t) : null)
		setPreview(file && file.size > 0 && !tooLarge ? URL.createObjectURL(file) : null)
	}

	function checkDimensions({ naturalWidth: width, naturalHeight: height }: HTMLImageElement) {
		const fits =
			width >= logoRules.minWidth &&
			height >= logoRules.minHeight &&
			width <= logoRules.maxWidth &&
			height <= logoRules.maxHeight
		if (fits) return
		const choice = chosen.current
		// The rules' words are in `validation`, which the form loads on first use.
		void i18n.loadNamespaces('validation').then(() => {
			if (choice === chosen.current) setProblem(logoRuleMessage('dimensions', t, { width, height }))
		})
	}

	// Over the size limit the route is never reached (413): nothing the browser knows is wrong is sent.
	function refuseKnownProblem(event: FormEvent<HTMLFormElement>) {
		const file = new FormData(event.currentTarget).get(LOGO_FIELD)
		if (file instanceof File && file.size > logoRules.maxBytes) setProblem(logoRuleMessage('size', t))
		if (problem || (file instanceof File && file.size > logoRules.maxBytes)) event.preventDefault()
	}

	const label = t('logo.field')
	const browserErrors: Record<string, string[]> = problem ? { [LOGO_FIELD]: [problem] } : {}
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
			<AppForm
				form={form}
				fetcher={upload}
				action={href('/services/:serviceId/manage/logo', { serviceId: service.id })}
				encType="multipart/form-data"
				labels={{ [LOGO_FIELD]: label }}
				browserErrors={browserErrors}
				onSubmit={refuseKnownProblem}
			>
				{target ? <input type="hidden" name={LOGO_REDIRECT_FIELD} value={target} /> : null}
				<FileField
					meta={fields[LOGO_FIELD]}
					label={label}
					hint={logoHint(t)}
					errors={browserErrors[LOGO_FIELD]}
					accept="image/png,image/jpeg"
					onChange={(event) => choose(event.currentTarget.files?.[0])}
				/>
				{preview ? (
					<figure className="logo-preview">
						<img
							className="service-logo"
							src={preview}
							alt={t('logo.preview')}
							width={128}
							height={128}
							onLoad={(event) => checkDimensions(event.currentTarget)}
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
			</AppForm>
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
