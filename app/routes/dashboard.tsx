import type { ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type { Route } from './+types/dashboard'
import { getT } from '#app/i18n.server'
import { servicesSummary } from '#app/api/services.server'
import { activeTwoStepMethods } from '#app/api/two-step.server'
import { Notice } from '#app/components/ui/notice'
import { recoveryCodeRules } from '#app/api/contract/constants'
import { formatDateTime } from '#app/utils/date-time'
import { metaOf, pageMeta } from '#app/utils/meta'
import { createServicePage, verificationsPage } from '#app/services/pages'
import type { I18nHandle } from '#app/i18n'
import { getApi, getUser } from '#app/context.server'

export const handle = { i18n: ['account', 'services'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ context }: Route.LoaderArgs) {
	const api = getApi(context)
	const [user, active, services] = await Promise.all([
		getUser(context),
		activeTwoStepMethods(api),
		servicesSummary(api),
	])
	const t = getT(context)
	return {
		firstName: user.first_name,
		companyName: user.company_name,
		twoStep: active,
		recoveryCodesLeft: user.recovery_codes?.remaining ?? null,
		services,
		...pageMeta(t, t('nav.dashboard')),
	}
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation(['common', 'account', 'services'])
	const { services } = loaderData
	const methodNames = loaderData.twoStep.map((method) => t(`account:twoStep.${method}`))
	const onDate = (i18nKey: `services:dashboard.${'approvedOn' | 'dismissedOn' | 'pausedOn'}`, at: string) => (
		<Trans
			t={t}
			i18nKey={i18nKey}
			values={{ date: formatDateTime(at) }}
			components={{ time: <time dateTime={at} /> }}
		/>
	)
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('dashboard.greeting', { name: loaderData.firstName })}</h1>
				<p className="muted">{loaderData.companyName}</p>
			</div>
			{loaderData.twoStep.length === 0 ? (
				<Notice tone="warning" title={t('account:dashboard.twoStepNudgeTitle')}>
					<p>{t('account:dashboard.twoStepNudgeBody')}</p>
					<p>
						<Link to={href('/me/manage/security/multi-factor-authentication')}>
							{t('account:dashboard.twoStepNudgeLink')}
						</Link>
					</p>
				</Notice>
			) : (
				<p>{t('account:dashboard.twoStepOn', { methods: methodNames.join(', ') })}</p>
			)}
			{loaderData.recoveryCodesLeft !== null && loaderData.recoveryCodesLeft < recoveryCodeRules.lowBelow ? (
				<Notice tone="warning" title={t('account:recoveryCodes.dashboardLow', { count: loaderData.recoveryCodesLeft })}>
					<p>{t('account:recoveryCodes.lowHint')}</p>
					<p>
						<Link to={href('/me/manage/security/multi-factor-authentication/recovery-codes')}>
							{t('account:twoStep.recoveryLink')}
						</Link>
					</p>
				</Notice>
			) : null}
			<div className="cards">
				<section className="card stack" aria-labelledby="services-card">
					<h2 id="services-card">{t('services:dashboard.title')}</h2>
					<p>{t('services:dashboard.count', { count: services.total })}</p>
					<ServiceGroup
						id="attention-heading"
						heading={t('services:dashboard.attention', { count: services.attention.length })}
						items={services.attention.map((service) =>
							service.why === 'paused'
								? {
										name: service.name,
										to: href('/services/:serviceId/webhooks', { serviceId: service.id }),
										what: onDate('services:dashboard.pausedOn', service.pausedAt),
									}
								: {
										name: service.name,
										to: verificationsPage(service.id, 'review'),
										what:
											service.status === 'dismissed' && service.decidedAt ? (
												<>
													{onDate('services:dashboard.dismissedOn', service.decidedAt)}
													{service.reason
														? ` ${t('services:dashboard.dismissedReason', { reason: service.reason })}`
														: null}
													{` ${t('services:dashboard.resubmit')}`}
												</>
											) : (
												t(`services:dashboard.attentionWhy.${service.status}`)
											),
									},
						)}
					/>
					<ServiceGroup
						id="in-review-heading"
						heading={t('services:dashboard.inReview', { count: services.inReview.length })}
						items={services.inReview.map((service) => ({
							name: service.name,
							to: verificationsPage(service.id, 'review'),
							what: t(`services:dashboard.inReviewWhy.${service.status}`),
						}))}
					/>
					<ServiceGroup
						id="approved-heading"
						heading={t('services:dashboard.approved', { count: services.approved.length })}
						items={services.approved.map((service) => ({
							name: service.name,
							to: verificationsPage(service.id, 'review'),
							what: onDate('services:dashboard.approvedOn', service.approvedAt),
						}))}
					/>
					<p>
						{services.total ? (
							<Link to={href('/services/manage')}>{t('services:dashboard.link')}</Link>
						) : (
							// No service yet: straight to the form that creates one.
							<Link to={createServicePage()}>{t('services:dashboard.createFirst')}</Link>
						)}
					</p>
				</section>
				<section className="card stack" aria-labelledby="account-card">
					<h2 id="account-card">{t('account:dashboard.account')}</h2>
					<p>{t('account:dashboard.accountBody')}</p>
					<p>
						<Link to={href('/me/manage/general/personal-details')}>{t('account:dashboard.accountLink')}</Link>
					</p>
				</section>
				<section className="card stack" aria-labelledby="help-card">
					<h2 id="help-card">{t('account:dashboard.help')}</h2>
					<p>
						<Link to={href('/contact')}>{t('account:dashboard.helpLink')}</Link>
					</p>
				</section>
			</div>
		</section>
	)
}

/** A named list of services, each linked (to one page a service), with what it is waiting for; nothing when empty. */
type Item = { name: string; to: string; what: ReactNode }

function ServiceGroup({ id, heading, items }: { id: string; heading: string; items: Item[] }) {
	if (!items.length) return null
	return (
		<>
			<p id={id}>{heading}</p>
			<ul className="stack" aria-labelledby={id}>
				{items.map((item) => (
					<li key={item.to}>
						<Link to={item.to}>{item.name}</Link>
						{': '}
						{item.what}
					</li>
				))}
			</ul>
		</>
	)
}
