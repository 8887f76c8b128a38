import { useTranslation } from '#app/i18n'
import { Form, href, redirect } from 'react-router'
import { Link } from '#app/components/ui/link'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { Route } from './+types/sign-out'
import { endSession, getApi } from '#app/middleware/session.server'
import { log } from '#app/middleware/request-log.server'
import { SubmitButton } from '#app/components/ui/button'
import { pageTitle } from '#app/utils/meta'

export const meta: Route.MetaFunction = () => pageTitle('auth:signOut.title')

export async function action({ context }: Route.ActionArgs) {
	try {
		await getApi(context).call('deleteCurrentAuthenticationToken')
	} catch (error) {
		// Revocation is best effort: the cookies go whatever the API said.
		log('warn', 'token revocation failed', { error: error instanceof Error ? error.message : 'unknown' })
	}
	await endSession(context)
	return redirect(`${href('/auth/sign-in')}?signed_out=1`)
}

export default function SignOut() {
	const { t } = useTranslation('auth')
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('signOut.title')}</h1>
			<p>{t('signOut.confirm')}</p>
			<Form method="post" className="button-row">
				<AuthenticityTokenInput />
				<SubmitButton>{t('signOut.submit')}</SubmitButton>
				<Link to={href('/')}>{t('signOut.cancel')}</Link>
			</Form>
		</section>
	)
}
