import type { SubmissionResult } from '@conform-to/react'
import { Link } from 'react-router'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { Notice } from '#app/components/ui/notice'
import { useAppForm } from '#app/components/ui/use-app-form'

/**
 * The confirmation step of a change on the verifications page (reset the
 * verification details, submit or cancel the review), a page of its own so
 * it works without JS: what will happen, then one POST button and a link
 * back. `refusals` (from the loader: what the API would refuse now, in its
 * words) replace the button until an attempt has been made; the API's own
 * refusal then shows in the form's error summary. Built like the secrets'
 * SecretConfirmation, with the way back as a prop.
 */
export function VerificationConfirmation({
	id,
	back,
	backLabel,
	title,
	children,
	confirmLabel,
	pendingLabel,
	warning = false,
	refusals,
	lastResult,
}: {
	id: string
	back: string
	backLabel: string
	title: string
	children: ReactNode
	confirmLabel: string
	pendingLabel: string
	warning?: boolean
	refusals?: string[] | null
	lastResult?: SubmissionResult<string[]>
}) {
	const { t } = useTranslation('services')
	const [form] = useAppForm(() => import('./confirm-schema').then((m) => m.confirmSchema), { id, lastResult })
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<h1 id="page-heading">{title}</h1>
			<div className="stack">{children}</div>
			{refusals?.length && !lastResult ? (
				<>
					{refusals.length === 1 ? (
						<Notice tone="error" title={refusals[0]} />
					) : (
						<Notice tone="error">
							<ul>
								{refusals.map((refusal) => (
									<li key={refusal}>{refusal}</li>
								))}
							</ul>
						</Notice>
					)}
					<p>
						<Link to={back}>{t('verifications.confirm.backToPage')}</Link>
					</p>
				</>
			) : (
				<AppForm form={form}>
					<div className="button-row">
						<SubmitButton variant={warning ? 'warning' : 'primary'} pendingLabel={pendingLabel}>
							{confirmLabel}
						</SubmitButton>
						<Link to={back}>{backLabel}</Link>
					</div>
				</AppForm>
			)}
		</section>
	)
}
