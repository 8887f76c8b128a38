import { type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href, redirect } from 'react-router'
import type { z } from 'zod'
import { LogoForm } from '#app/components/services/logo-form'
import { getT } from '#app/i18n.server'
import type { Route } from './+types/settings'
import type { ServicePageHandle } from './service'
import { serviceFieldNames, serviceOptionalFieldNames } from '#app/api/contract/constants'
import type { Flash } from '#app/auth/flash'
import type { Service } from '#app/api/contract/services'
import { settingsSchema as schema } from './schemas'
import { serviceCategories, updateService } from '#app/api/services.server'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { Notice } from '#app/components/ui/notice'
import { ServiceFields, useServiceFieldLabels } from '#app/components/services/service-fields'
import { SummaryRow } from '#app/components/services/summary-row'
import { useAppForm } from '#app/components/ui/use-app-form'
import { invalid, parseForm } from '#app/forms/forms.server'
import { getApi, getService, getSession } from '#app/context.server'
import { changeFailed } from '#app/services/load.server'
import { versionConflict } from '#app/services/version-conflict.server'
import { VersionConflict, type ConflictRow } from '#app/components/services/version-conflict'

export const handle = {
	i18n: ['settings', 'services'],
	serviceHeader: { back: 'settings:back', title: 'settings:pageTitle' },
} satisfies ServicePageHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

type Settings = Omit<z.output<typeof schema>, 'version'>
const FIELDS: Array<keyof Settings> = [...serviceFieldNames]

type Category = { key: string; name: string }
type Conflict = { mine: Settings; saved: Service }
type ActionData = { result: SubmissionResult<string[]>; conflict?: Conflict }

const settingsOf = (service: Service): Settings => ({
	name: service.name,
	description: service.description ?? undefined,
	category: service.category,
	website_url: service.website_url ?? undefined,
	webhook_url: service.webhook_url ?? undefined,
	authorization_url: service.authorization_url ?? undefined,
})

/** A review a reviewer has or is about to have (decision 0013: a save never moves it). */
const inReview = (service: Pick<Service, 'review'>) =>
	service.review.status === 'submitted' || service.review.status === 'in_progress'

const URL_FIELDS = serviceFieldNames.filter((name) => name.endsWith('_url'))

function savedFlash(before: Service, after: Service): Flash {
	const domain = after.domain_verification.domain
	const newDomain = domain !== null && domain !== before.domain_verification.domain
	const urlsChanged = URL_FIELDS.some((name) => before[name] !== after[name])
	if (inReview(before) && urlsChanged) {
		return { tone: 'info', key: newDomain ? 'settings:savedInReviewNewDomain' : 'settings:savedInReview' }
	}
	if (newDomain) return { tone: 'info', key: 'settings:savedNewDomain' }
	return { tone: 'success', key: 'settings:saved' }
}

export async function loader({ context }: Route.LoaderArgs) {
	const [service, categories] = await Promise.all([getService(context), serviceCategories(getApi(context))])
	const t = getT(context)
	return {
		service,
		categories,
		...pageMeta(t, t('settings:pageTitle', { name: service.name }), t('settings:metaDescription')),
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	const { version, ...changes } = submission.value
	// A blank optional field is not set: sent as null, so a URL or a description can be taken away again.
	const cleared = Object.fromEntries(serviceOptionalFieldNames.map((name) => [name, changes[name] ?? null]))
	try {
		const saved = await updateService(getApi(context), params.serviceId, { ...changes, ...cleared }, version)
		if (!saved.ok) {
			return versionConflict(context, submission, 'settings', {
				mine: changes,
				saved: saved.current,
			} satisfies Conflict)
		}
		await getSession(context).setFlash(savedFlash(await getService(context), saved.service))
	} catch (error) {
		return changeFailed(submission, error, context, { fields: FIELDS, request })
	}
	return redirect(href('/services/:serviceId', { serviceId: params.serviceId }))
}

export default function ServiceSettings({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['settings', 'services'])
	const { service } = loaderData
	return (
		<>
			<section className="stack" aria-labelledby="fixed-heading">
				<h2 id="fixed-heading">{t('fixed')}</h2>
				<p>{t('fixedIntro')}</p>
				<dl className="summary-list">
					<SummaryRow term={t('environment')}>
						<strong>{t(`services:environment.${service.environment}`)}</strong>
						{': '}
						{t(`environmentHelp.${service.environment}`)}
					</SummaryRow>
					<SummaryRow term={t('kind')}>
						<strong>{t(`kinds.${service.kind}`)}</strong>
						{': '}
						{t(`kindHelp.${service.kind}`)}
					</SummaryRow>
				</dl>
			</section>
			{/* Remounted when the saved version changes: a fresh form. */}
			<SettingsForm key={service.version} {...loaderData} answer={actionData} />
			<section className="stack" aria-labelledby="logo-heading">
				<h2 id="logo-heading">{t('logo.title')}</h2>
				<LogoForm service={service} redirectTo={href('/services/:serviceId/manage', { serviceId: service.id })} />
			</section>
		</>
	)
}

function SettingsForm({ service, categories, answer }: Route.ComponentProps['loaderData'] & { answer?: ActionData }) {
	const { t } = useTranslation(['settings', 'services'])
	const conflict = answer?.conflict
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.settingsSchema), {
		id: 'service-settings',
		lastResult: answer?.result,
		defaultValue: { ...settingsOf(service), version: service.version },
	})
	const labels = useServiceFieldLabels()
	// After a conflict the saved version, so "Save my version" knowingly overwrites it; never an unseen one.
	const version = conflict ? String(conflict.saved.version) : (fields.version.initialValue ?? String(service.version))
	return (
		<section className="stack" aria-labelledby="settings-heading">
			<h2 id="settings-heading">{t('formTitle')}</h2>
			{service.environment === 'live' ? (
				// What customers see changes on save (decision 0013), so say so before the fields.
				<Notice tone="warning" title={t('liveWarning.title')}>
					<p>{t('liveWarning.body')}</p>
				</Notice>
			) : inReview(service) ? (
				<Notice tone="info" title={t('inReview.title')}>
					<p>{t('inReview.body')}</p>
					<p>{t('inReview.domain')}</p>
				</Notice>
			) : null}
			<AppForm form={form} labels={labels}>
				<input type="hidden" name={fields.version.name} id={fields.version.id} value={version} />
				{conflict ? (
					<VersionConflict
						prefix="settings"
						rows={conflictRows(conflict, labels, categories, t('services:notSet'))}
						discardTo={href('/services/:serviceId/manage', { serviceId: service.id })}
					/>
				) : null}
				<ServiceFields fields={fields} labels={labels} categories={categories} />
				<div className="button-row">
					<SubmitButton pendingLabel={t('pending')}>{conflict ? t('conflict.saveMine') : t('submit')}</SubmitButton>
				</div>
			</AppForm>
		</section>
	)
}

function conflictRows(
	{ mine, saved }: Conflict,
	labels: Record<keyof Settings, string>,
	categories: Category[],
	notSet: string,
): ConflictRow[] {
	const theirs = settingsOf(saved)
	const shown = (name: keyof Settings, value: string | undefined) =>
		value === undefined
			? notSet
			: name === 'category'
				? (categories.find((category) => category.key === value)?.name ?? value)
				: value
	return FIELDS.map((name) => ({
		key: name,
		label: labels[name],
		mine: shown(name, mine[name]),
		saved: shown(name, theirs[name]),
	}))
}
