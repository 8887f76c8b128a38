import { Trans, useTranslation } from 'react-i18next'
import { data, Form, href, redirect, useActionData, Link } from 'react-router'
import { signInWithNotice } from '#app/auth/redirect'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { Route } from './+types/sign-out'
import { getT } from '#app/i18n.server'
import { ApiError } from '#app/api/errors'
import { endSession } from '#app/middleware/session.server'
import { log } from '#app/middleware/request-log.server'
import { SubmitButton } from '#app/components/ui/button'
import { Notice } from '#app/components/ui/notice'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import { getApi, getFormData, getRequestId } from '#app/context.server'

export const handle = { i18n: ['auth'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** The second button after a failed revocation: forget the tokens in this browser, whatever the API says. */
const THIS_BROWSER_ONLY = 'this-browser-only'

/** How often the revocation is tried before the partner is told it failed. */
const REVOCATION_ATTEMPTS = 2

/** Tried twice; true when the tokens are gone, revoked now or already unusable (401). */
async function revokeTokens(context: Route.ActionArgs['context']) {
	for (let attempt = 1; ; attempt++) {
		try {
			await getApi(context).call('deleteCurrentAuthenticationToken')
			return true
		} catch (error) {
			if (!(error instanceof ApiError)) throw error
			if (error.kind === 'unauthenticated') return true
			log('warn', 'token revocation failed', { kind: error.kind, status: error.status, attempt })
			if (attempt >= REVOCATION_ATTEMPTS) return false
		}
	}
}

export function loader({ context }: Route.LoaderArgs) {
	const t = getT(context)
	return pageMeta(t, t('auth:signOut.title'))
}

export async function action({ context }: Route.ActionArgs) {
	const localOnly = getFormData(context).get('intent') === THIS_BROWSER_ONLY
	if (!localOnly && !(await revokeTokens(context))) {
		// Still signed in: saying "signed out" now would leave a copied cookie working for weeks.
		return data({ revocationFailed: true, requestId: getRequestId(context) }, { status: 503 })
	}
	await endSession(context)
	return redirect(signInWithNotice('signed-out'))
}

export default function SignOut() {
	const { t } = useTranslation('auth')
	const failed = useActionData<typeof action>()?.revocationFailed
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('signOut.title')}</h1>
			{failed ? (
				<Notice tone="error" title={t('signOut.failed.title')}>
					<p>{t('signOut.failed.body')}</p>
					<p>
						<Trans
							t={t}
							i18nKey="signOut.failed.everywhere"
							components={[<Link key="password" to={href('/me/manage/security/password')} />]}
						/>
					</p>
				</Notice>
			) : (
				<p>{t('signOut.confirm')}</p>
			)}
			<Form method="post" className="button-row">
				<AuthenticityTokenInput />
				<SubmitButton>{failed ? t('signOut.retry') : t('signOut.submit')}</SubmitButton>
				{failed ? (
					<SubmitButton name="intent" value={THIS_BROWSER_ONLY} variant="secondary">
						{t('signOut.thisBrowserOnly')}
					</SubmitButton>
				) : (
					<Link to={href('/')}>{t('signOut.cancel')}</Link>
				)}
			</Form>
		</section>
	)
}
