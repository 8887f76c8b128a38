import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n'
import { href, Link } from 'react-router'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { Notice } from '#app/components/ui/notice'
import { useAppForm } from '#app/components/ui/use-app-form'

/**
 * The confirmation step of a secret change (rotate, reset, revoke), a page of
 * its own so it works without JS: what will happen, then one POST button and a
 * link back. `refusal` (from the loader: two live already, or the last one)
 * replaces the button until an attempt has been made; the API's own refusal
 * then shows in the form's error summary.
 */
export function SecretConfirmation({
	id,
	serviceId,
	title,
	children,
	confirmLabel,
	pendingLabel,
	warning = false,
	refusal,
	lastResult,
}: {
	id: string
	serviceId: string
	title: string
	children: ReactNode
	confirmLabel: string
	pendingLabel: string
	warning?: boolean
	refusal?: string | null
	lastResult?: SubmissionResult<string[]>
}) {
	const { t } = useTranslation('services')
	const [form] = useAppForm(() => import('./confirm-schema').then((m) => m.confirmSchema), { id, lastResult })
	const developers = href('/services/:serviceId/developers', { serviceId })
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<h1 id="page-heading">{title}</h1>
			<div className="stack">{children}</div>
			{refusal && !lastResult ? (
				<>
					<Notice tone="error" title={refusal} />
					<p>
						<Link to={developers}>{t('secrets.confirm.back')}</Link>
					</p>
				</>
			) : (
				<AppForm form={form}>
					<div className="button-row">
						<SubmitButton variant={warning ? 'warning' : 'primary'} pendingLabel={pendingLabel}>
							{confirmLabel}
						</SubmitButton>
						<Link to={developers}>{t('secrets.confirm.cancel')}</Link>
					</div>
				</AppForm>
			)}
		</section>
	)
}
