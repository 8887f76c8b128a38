import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href, Link } from 'react-router'
import type { Route } from './+types/verifications'
import { getT } from '#app/i18n.server'
import { getApi } from '#app/context.server'
import type { ServicePageHandle } from './service'
import { confirmChange } from '#app/services/confirm.server'
import { verificationsPage } from '#app/services/pages'
import { reviewTransition, reviewTypicalWorkingDays } from '#app/api/contract/constants'
import type { ReviewChecklistKey, ServiceReview } from '#app/api/contract/service-sections'
import { VERIFY_INTENT as INTENT } from './intents'
import { verifySchema } from './schemas'
import { loadVerifications } from '#app/services/verifications.server'
import { ReviewBadge } from '#app/components/services/service-summary'
import { SummaryRow } from '#app/components/services/summary-row'
import { ButtonForm } from '#app/components/services/button-form'
import { CopyButton } from '#app/components/ui/copy-button'
import { BreakableCode } from '#app/components/ui/breakable-code'
import { ScrollTable } from '#app/components/ui/scroll-table'
import { SectionFlash } from '#app/components/ui/flash'
import { formatDateTime } from '#app/utils/date-time'
import { invalid, parseForm } from '#app/forms/forms.server'
import { TableHead } from '#app/components/services/table-head'

export const handle = {
	i18n: ['verifications', 'services'],
	serviceHeader: { back: 'verifications:back', title: 'verifications:pageTitle' },
} satisfies ServicePageHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, context }: Route.LoaderArgs) {
	const { service, review } = await loadVerifications(context, params.serviceId)
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name, domainVerification: service.domain_verification },
		review,
		...pageMeta(t, t('verifications:pageTitle', { name: service.name }), t('verifications:metaDescription')),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, verifySchema)
	if (submission.status !== 'success') return invalid(submission)
	return confirmChange(
		{ context, request },
		() => getApi(context).call('verifyServiceDomain', { params: { id: params.serviceId } }),
		({ data: service }) => ({
			flash:
				service.domain_verification.status === 'verified'
					? { tone: 'success', key: 'verifications:domain.verified', section: 'domain' }
					: { tone: 'warning', key: 'verifications:domain.failed', section: 'domain' },
			to: verificationsPage(params.serviceId, 'domain'),
		}),
	)
}

export default function ServiceVerifications({ loaderData, actionData }: Route.ComponentProps) {
	const { service, review } = loaderData
	return (
		<>
			<Domain service={service} lastResult={actionData?.result} />
			<Review serviceId={service.id} review={review} />
		</>
	)
}

type Service = Route.ComponentProps['loaderData']['service']

function Domain({ service, lastResult }: { service: Service; lastResult?: SubmissionResult<string[]> }) {
	const { t } = useTranslation('verifications')
	const { id: serviceId, domainVerification: verification } = service
	const { domain, status, dns_record: record, file, last_check: check } = verification
	const findings = status === 'failed' ? check : null
	const checkedAt = status === 'verified' ? verification.verified_at : findings?.checked_at
	const resetPage = href('/services/:serviceId/verifications/reset', { serviceId })
	const ways = record && file && (
		<>
			<Way
				way="dns"
				findings={
					findings && [
						{
							check: t('domain.findings.txtValues', { name: record.name }),
							expected: <BreakableCode value={record.value} />,
							found: findings.dns.found.length ? (
								<ul>
									{findings.dns.found.map((value, index) => (
										<li key={`${index}-${value}`}>
											<BreakableCode value={value} />
										</li>
									))}
								</ul>
							) : (
								t('domain.findings.noTxt')
							),
						},
					]
				}
			>
				<CopyRow term={t('domain.dns.name')} value={record.name} copy={t('domain.dns.copyName')} />
				<SummaryRow term={t('domain.dns.type')}>
					<code>{record.type}</code>
				</SummaryRow>
				<CopyRow term={t('domain.dns.value')} value={record.value} copy={t('domain.dns.copyValue')} />
			</Way>
			<Way
				way="file"
				findings={
					findings && [
						{
							check: t('domain.findings.httpStatus'),
							expected: '200',
							found: findings.file.status ?? t('domain.findings.noAnswer'),
						},
						{
							check: t('domain.findings.firstLine'),
							expected: <BreakableCode value={file.content} />,
							found:
								findings.file.first_line === null ? (
									t('domain.findings.noBody')
								) : findings.file.first_line === '' ? (
									t('domain.findings.emptyLine')
								) : (
									<BreakableCode value={findings.file.first_line} />
								),
						},
					]
				}
			>
				<CopyRow term={t('domain.file.url')} value={file.url} copy={t('domain.file.copyUrl')} />
				<CopyRow term={t('domain.file.content')} value={file.content} copy={t('domain.file.copyContent')} />
			</Way>
		</>
	)
	return (
		<section id="domain" className="stack" aria-labelledby="domain-heading">
			<h2 id="domain-heading">{t('domain.title')}</h2>
			<SectionFlash section="domain" />
			{domain === null || record === null || file === null ? (
				// No website URL yet (a new service): nothing to prove until it is set.
				<p>
					{t('domain.noWebsite')}{' '}
					<Link to={href('/services/:serviceId/manage', { serviceId })}>{t('domain.noWebsiteLink')}</Link>.
				</p>
			) : (
				<>
					<p>{t('domain.intro')}</p>
					<dl className="summary-list">
						<SummaryRow term={t('domain.domain')} className="stack">
							<code>{domain}</code>
							<span className="muted">{t('domain.domainHelp')}</span>
						</SummaryRow>
						<SummaryRow term={t('domain.status')} className="stack">
							<strong>{t(`domain.statuses.${status}`)}</strong>
							<span>
								{checkedAt ? (
									<Trans
										t={t}
										i18nKey={status === 'verified' ? 'domain.verifiedOn' : 'domain.checkedOn'}
										values={{ date: formatDateTime(checkedAt) }}
										components={{ time: <time dateTime={checkedAt} /> }}
									/>
								) : status === 'unverified' ? (
									t('domain.notChecked')
								) : null}
							</span>
						</SummaryRow>
					</dl>
					{status === 'verified' ? (
						// Done: both ways folded away, so the review below is in sight on a phone.
						<details className="stack">
							<summary>{t('domain.waysDone')}</summary>
							{ways}
						</details>
					) : (
						<>
							{ways}
							<ButtonForm
								schema={() => import('./schemas').then((m) => m.verifySchema)}
								id="verify-domain"
								values={{ intent: INTENT.verify }}
								lastResult={lastResult}
								label={t('domain.verify')}
								pendingLabel={t('domain.verifyPending')}
							/>
						</>
					)}
					<p>{t('domain.resetExplained')}</p>
					<p>
						<Link className="button button--secondary" to={resetPage}>
							{t('domain.resetLink')}
						</Link>
					</p>
				</>
			)}
		</section>
	)
}

type Finding = { check: string; expected: ReactNode; found: ReactNode }

/** One way to prove the domain: the values to publish, then what a failed check found. */
function Way({ way, findings, children }: { way: 'dns' | 'file'; findings: Finding[] | null; children: ReactNode }) {
	const { t } = useTranslation('verifications')
	return (
		<section className="stack" aria-labelledby={`${way}-heading`}>
			<h3 id={`${way}-heading`}>{t(`domain.${way}.title`)}</h3>
			<p>{t(`domain.${way}.intro`)}</p>
			<dl className="summary-list developer-values">{children}</dl>
			{findings ? (
				<ScrollTable
					id={`${way}-findings`}
					className="table table--cards findings-table"
					caption={t(`domain.findings.${way}Caption`)}
				>
					<TableHead
						columns={[t('domain.findings.check'), t('domain.findings.expected'), t('domain.findings.found')]}
					/>
					<tbody>
						{findings.map((finding) => (
							<tr key={finding.check}>
								<th scope="row">{finding.check}</th>
								<td data-label={t('domain.findings.expected')}>{finding.expected}</td>
								<td data-label={t('domain.findings.found')}>{finding.found}</td>
							</tr>
						))}
					</tbody>
				</ScrollTable>
			) : null}
		</section>
	)
}

function CopyRow({ term, value, copy }: { term: string; value: string; copy: string }) {
	const { t } = useTranslation('verifications')
	return (
		<SummaryRow term={term} className="button-row">
			<BreakableCode value={value} />
			<CopyButton value={value} label={copy} copiedLabel={t('domain.copied')} />
		</SummaryRow>
	)
}

/** Where the partner puts right an unmet checklist item. */
function fixLink(serviceId: string, key: ReviewChecklistKey) {
	if (key === 'domain_verified') return verificationsPage(serviceId, 'domain')
	return href(key === 'logo_set' ? '/services/:serviceId/manage/logo' : '/services/:serviceId/manage', { serviceId })
}

function Review({ serviceId, review }: { serviceId: string; review: ServiceReview }) {
	const { t } = useTranslation(['verifications', 'services'])
	const submittable = reviewTransition('submit', review.status) !== null
	const missing = review.checklist.filter((item) => !item.done).length
	const submitPage = href('/services/:serviceId/verifications/submit', { serviceId })
	const cancelPage = href('/services/:serviceId/verifications/cancel', { serviceId })
	return (
		<section id="review" className="stack" aria-labelledby="review-heading">
			<h2 id="review-heading">{t('review.title')}</h2>
			<SectionFlash section="review" />
			<dl className="summary-list">
				<SummaryRow term={t('review.status')}>
					<ReviewBadge status={review.status} />
				</SummaryRow>
			</dl>
			<p>{t(`review.meaning.${review.status}`)}</p>
			{review.status === 'submitted' || review.status === 'in_progress' ? (
				<p>{t('review.timing', { count: reviewTypicalWorkingDays })}</p>
			) : null}
			{review.status === 'dismissed' && review.reason ? (
				<p>
					<strong>{t('review.reason', { reason: review.reason })}</strong>
				</p>
			) : null}

			{submittable ? (
				<>
					<h3 id="checklist-heading">{t('review.checklist')}</h3>
					<p>{t('review.checklistIntro')}</p>
					<ul className="stack" aria-labelledby="checklist-heading">
						{review.checklist.map((item) => (
							<li key={item.key}>
								{t(`review.items.${item.key}`)}:{' '}
								<span className={`tag ${item.done ? 'tag--ok' : 'tag--attention'}`}>
									{item.done ? t('review.done') : t('review.notDone')}
								</span>
								{item.done ? null : (
									<>
										{' '}
										<Link to={fixLink(serviceId, item.key)}>{t(`review.fix.${item.key}`)}</Link>
									</>
								)}
							</li>
						))}
					</ul>
				</>
			) : null}

			{review.can_submit || review.can_cancel || (submittable && missing) ? (
				<div className="button-row">
					{review.can_submit ? (
						<Link className="button button--primary" to={submitPage}>
							{t('review.submitLink')}
						</Link>
					) : submittable && missing ? (
						<p>{t('review.incomplete', { count: missing })}</p>
					) : null}
					{review.can_cancel ? (
						<Link className="button button--secondary" to={cancelPage}>
							{t('review.cancelLink')}
						</Link>
					) : null}
				</div>
			) : null}

			<h3 id="history-heading">{t('review.history')}</h3>
			{review.history.length ? (
				<ol className="stack" aria-labelledby="history-heading">
					{review.history.map((entry, index) => (
						<li key={`${index}-${entry.at}`}>
							<strong>
								{t('review.entry', {
									status: t(`services:review.${entry.status}`),
									actor: entry.actor === 'partner' ? t('review.byPartner') : t('review.byOperator'),
								})}
							</strong>{' '}
							<time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
							{entry.reason ? <p>{t('review.reason', { reason: entry.reason })}</p> : null}
						</li>
					))}
				</ol>
			) : (
				<p>{t('review.noHistory')}</p>
			)}
		</section>
	)
}
