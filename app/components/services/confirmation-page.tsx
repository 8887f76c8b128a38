import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { Notice } from '#app/components/ui/notice'
import { useAppForm } from '#app/components/ui/use-app-form'

/**
 * The confirmation step of a change made by one POST (rotate, reset or revoke a secret; remove a logo; reset the verification
 * details; submit or cancel a review), a page of its own so it works without JS: what will happen, then the button
 * and a way back. `refusals` (from the loader: what the API would refuse now, in its words) replace the button until
 * an attempt has been made; the API's own refusal then shows in the form's error summary. Its action is
 * `confirmChange` (`app/services/confirm.server.ts`).
 */
export function ConfirmationPage({
	id,
	title,
	children,
	confirmLabel,
	pendingLabel,
	warning = false,
	back,
	backLabel,
	refusedBackLabel,
	refusals,
	lastResult,
}: {
	id: string
	title: string
	children: ReactNode
	confirmLabel: string
	pendingLabel: string
	warning?: boolean
	/** The page this one came from, and the link's text beside the button and when the change is refused. */
	back: string
	backLabel: string
	refusedBackLabel: string
	refusals?: readonly string[] | null
	lastResult?: SubmissionResult<string[]>
}) {
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
						<Link to={back}>{refusedBackLabel}</Link>
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
