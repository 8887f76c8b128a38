import { useTranslation } from 'react-i18next'
import { Form, href, useLocation, Link } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ResendButton } from './countdown'

/** "Email verification required" (spec point 4), shown instead of signed-in pages. */
export function VerificationRequired({ email, resendInSeconds }: { email: string; resendInSeconds: number | null }) {
	const { t } = useTranslation('auth')
	const location = useLocation()
	return (
		<section className="stack" aria-labelledby="verification-heading">
			<h1 id="verification-heading">{t('verification.required')}</h1>
			<p>{t('verification.requiredBody', { email })}</p>
			<Form method="post" action={href('/auth/verification/resend')} className="stack" reloadDocument>
				<AuthenticityTokenInput />
				<input type="hidden" name="redirect_to" value={`${location.pathname}${location.search}`} />
				<ResendButton
					seconds={resendInSeconds}
					waiting={(count) => t('verification.resendIn', { count })}
					ready={t('verification.resendNow')}
					label={t('verification.resend')}
				/>
			</Form>
			<p>
				<Link to={href('/me/manage/security/email')}>{t('verification.wrongAddress')}</Link>
			</p>
		</section>
	)
}
