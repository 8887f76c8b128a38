import { useTranslation } from 'react-i18next'
import { Form, href, redirect } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { Route } from './+types/sessions'
import type { I18nHandle } from '#app/i18n'
import { limits } from '#app/api/contract/constants'
import { ApiError } from '#app/api/errors'
import { SummaryRow, TimeRow } from '#app/components/services/summary-row'
import { AnswerErrors } from '#app/components/ui/answer-errors'
import { SubmitButton } from '#app/components/ui/button'
import { getApi, getSession } from '#app/context.server'
import { parseForm, replyWithApiError } from '#app/forms/forms.server'
import { getT } from '#app/i18n.server'
import { formatDateTime } from '#app/utils/date-time'
import { metaOf, pageMeta } from '#app/utils/meta'
import { useAgentName } from '#app/utils/user-agent'
import { readUserAgent } from '#app/utils/user-agent.server'
import { SESSION_INTENT } from './intents'
import { sessionsSchema } from './schemas'

export const handle = { i18n: ['sessions'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const SELF = href('/me/manage/security/sessions')

export async function loader({ context }: Route.LoaderArgs) {
	const { data, meta } = await getApi(context).call('listSessions', { query: { per_page: limits.perPageMax } })
	const t = getT(context)
	return {
		// This device first, then as the API orders them (most recently active first).
		sessions: data
			.map(({ user_agent, ...session }) => ({ ...session, agent: readUserAgent(user_agent) }))
			.sort((a, b) => Number(b.current) - Number(a.current)),
		more: meta.next_cursor !== null,
		...pageMeta(t, t('sessions:title')),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, sessionsSchema)
	if (submission.status !== 'success') throw new Response(null, { status: 400 })
	const api = getApi(context)
	const session = getSession(context)
	try {
		if (submission.value.intent === SESSION_INTENT.endOthers) {
			const { ended } = (await api.call('endOtherSessions')).data
			await session.setFlash(
				ended
					? { tone: 'success', key: 'sessions:othersEnded', values: { count: ended } }
					: { tone: 'info', key: 'sessions:noOthers' },
			)
		} else {
			await api.call('deleteSession', { params: { id: submission.value.session } })
			await session.setFlash({ tone: 'success', key: 'sessions:ended' })
		}
	} catch (error) {
		// Signed out meanwhile (another tab, or it expired): what the partner wanted is done.
		if (!(error instanceof ApiError && error.status === 404))
			return replyWithApiError(null, error, context, { request })
		await session.setFlash({ tone: 'info', key: 'sessions:alreadyEnded' })
	}
	return redirect(SELF)
}

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('sessions')
	const { sessions, more } = loaderData
	const agentName = useAgentName()
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('title')}</h1>
				<p>{t('intro')}</p>
			</div>
			<AnswerErrors result={actionData?.result} />
			<ul className="service-list" aria-label={t('listLabel')}>
				{sessions.map((session) => {
					const name = agentName(session.agent) ?? t('unknownBrowser')
					return (
						<li key={session.id} className="card stack" aria-labelledby={`session-${session.id}`}>
							<h2 id={`session-${session.id}`}>
								{name} {session.current ? <span className="tag tag--ok">{t('thisDevice')}</span> : null}
							</h2>
							<dl className="summary-list">
								<SummaryRow term={t('address')}>{session.ip ?? t('unknownAddress')}</SummaryRow>
								<TimeRow term={t('signedInAt')} at={session.signed_in_at} />
								<TimeRow term={t('lastActive')} at={session.last_active_at} />
							</dl>
							{session.current ? (
								<p>{t('thisOneHint')}</p>
							) : (
								<Form method="post">
									<AuthenticityTokenInput />
									<input type="hidden" name="intent" value={SESSION_INTENT.end} />
									<SubmitButton
										variant="secondary"
										name="session"
										value={session.id}
										pendingLabel={t('signingOut')}
										aria-label={t('signOutLabel', { browser: name, when: formatDateTime(session.last_active_at) })}
									>
										{t('signOut')}
									</SubmitButton>
								</Form>
							)}
						</li>
					)
				})}
			</ul>
			{more ? <p>{t('more', { count: sessions.length })}</p> : null}
			{sessions.some((session) => !session.current) ? (
				<Form method="post" className="card stack">
					<p>{t('signOutOthersHint')}</p>
					<div className="button-row">
						<AuthenticityTokenInput />
						<SubmitButton
							variant="warning"
							name="intent"
							value={SESSION_INTENT.endOthers}
							pendingLabel={t('signingOut')}
						>
							{t('signOutOthers')}
						</SubmitButton>
					</div>
				</Form>
			) : (
				<p>{t('onlyThis')}</p>
			)}
		</section>
	)
}
