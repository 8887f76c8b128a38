import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href, Link } from 'react-router'
import type { Route } from './+types/webhook-check'
import { getT } from '#app/i18n.server'
import stylesHref from '#app/styles/webhooks.css?url'
import type { WebhookCheck } from '#app/api/contract/webhook-deliveries'
import { webhookSignature } from '#app/api/contract/webhook-signature'
import { getApi, getService } from '#app/context.server'
import { rethrowNotFound } from '#app/services/load.server'
import { WebhookBody, WebhookExchange } from '#app/components/services/webhook-exchange'
import { CheckVerdict } from '#app/components/services/webhook-parts'
import { SummaryRow, TimeRow } from '#app/components/services/summary-row'
import type { I18nHandle } from '#app/i18n'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }]

export const handle = { i18n: ['webhooks'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, context }: Route.LoaderArgs) {
	const [service, check] = await Promise.all([
		getService(context),
		getApi(context)
			.call('getWebhookCheck', { params: { id: params.serviceId, checkId: params.checkId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name },
		check,
		...pageMeta(t, t('webhooks:check.pageTitle', { name: service.name })),
	}
}

export default function WebhookCheckPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('webhooks')
	const { service, check } = loaderData
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<p>
				<Link to={href('/services/:serviceId/webhooks', { serviceId: service.id })}>{t('check.back')}</Link>
			</p>
			<h1 id="page-heading">{t('check.title')}</h1>
			<dl className="summary-list">
				<SummaryRow term={t('check.url')}>
					<code>{check.url}</code>
				</SummaryRow>
				<TimeRow term={t('check.checkedAt')} at={check.created_at} />
			</dl>
			<Verdicts serviceId={service.id} check={check} />
			<section className="stack" aria-labelledby="payload-heading">
				<h2 id="payload-heading">{t('check.payload')}</h2>
				<p>{t('check.payloadIntro')}</p>
				<WebhookBody body={check.signed.request.body} label={t('check.payloadLabel')} showRaw />
			</section>
			{/* Each exchange opens by itself when its verdict is not a pass: what went wrong is in it. */}
			<section className="stack" aria-labelledby="signed-heading">
				<h2 id="signed-heading">{t('check.signedTitle')}</h2>
				<p>{t('check.signedIntro', { challenge: check.challenge })}</p>
				<WebhookExchange
					exchange={check.signed}
					label={t('check.signedLabel')}
					open={!check.verdicts.answers_challenge}
				/>
			</section>
			<section className="stack" aria-labelledby="wrong-heading">
				<h2 id="wrong-heading">{t('check.wrongTitle')}</h2>
				<p>{t('check.wrongIntro', { header: webhookSignature.headers.signature })}</p>
				<WebhookExchange
					exchange={check.wrong_signature}
					label={t('check.wrongLabel')}
					open={check.verdicts.checks_signatures !== true}
				/>
			</section>
		</section>
	)
}

/** Each verdict in words, with a tag that repeats it; what to do when one is bad. */
function Verdicts({ serviceId, check }: { serviceId: string; check: WebhookCheck }) {
	const { t } = useTranslation('webhooks')
	const { answers_challenge: answers, checks_signatures: checks } = check.verdicts
	const recipe = `${href('/services/:serviceId/developers', { serviceId })}#signing`
	return (
		<section className="stack" aria-labelledby="verdicts-heading">
			<h2 id="verdicts-heading">{t('check.verdicts')}</h2>
			<ul className="stack">
				<li>
					<CheckVerdict verdict={answers} t={t} /> {answers ? t('check.answersChallenge') : t('check.noChallenge')}
				</li>
				<li>
					<CheckVerdict verdict={checks} t={t} />{' '}
					{checks === true ? (
						t('check.checksSignatures')
					) : checks === false ? (
						<>
							{t('check.ignoresSignatures')} <Link to={recipe}>{t('check.recipe')}</Link>
						</>
					) : (
						t('check.cannotTell')
					)}
				</li>
			</ul>
		</section>
	)
}
