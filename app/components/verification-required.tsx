import { useTranslation } from 'react-i18next'
import { Form, Link, useLocation } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { Countdown } from './countdown'
import { SubmitButton } from './ui/button'

/** "Email verification required" (spec point 4), shown instead of signed-in pages. */
export function VerificationRequired({ email, resendInSeconds }: { email: string; resendInSeconds: number | null }) {
	const { t } = useTranslation('auth')
	const location = useLocation()
	return (
		<section className="stack" aria-labelledby="verification-heading">
			<h1 id="verification-heading">{t('verification.required')}</h1>
			<p>{t('verification.requiredBody', { email })}</p>
			<Form method="post" action="/auth/verification/resend" className="stack" reloadDocument>
				<AuthenticityTokenInput />
				<input type="hidden" name="redirect_to" value={`${location.pathname}${location.search}`} />
				{resendInSeconds ? (
					<p className="muted">
						<Countdown seconds={resendInSeconds} render={(count) => t('verification.resendIn', { count })} done={t('twoStep.resendNow')} />
					</p>
				) : null}
				<div className="button-row">
					<SubmitButton variant="secondary">{t('verification.resend')}</SubmitButton>
				</div>
			</Form>
			<p>
				<Link to="/me/manage/security/email">{t('verification.wrongAddress')}</Link>
			</p>
		</section>
	)
}
