import { type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { Trans, useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href, redirect } from 'react-router'
import { getT } from '#app/i18n.server'
import type { Route } from './+types/translations'
import type { ServicePageHandle } from './service'
import type { Locale } from '#app/api/contract/common'
import { locales, serviceLimits } from '#app/api/contract/constants'
import type { Service } from '#app/api/contract/services'
import type { SaveTranslationsBody } from '#app/api/contract/service-sections'
import { translationsSchema as schema } from './schemas'
import { saveTranslations, translationsBody } from '#app/api/service-sections.server'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { TextareaField, TextField } from '#app/components/ui/field'
import { useAppForm } from '#app/components/ui/use-app-form'
import { invalid, parseForm } from '#app/forms/forms.server'
import { getApi, getService, getSession } from '#app/context.server'
import { changeFailed } from '#app/services/load.server'
import { versionConflict } from '#app/services/version-conflict.server'
import { VersionConflict, type ConflictRow } from '#app/components/services/version-conflict'

export const handle = {
	i18n: ['translations'],
	serviceHeader: { back: 'translations:back', title: 'translations:pageTitle' },
} satisfies ServicePageHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const TEXT_FIELDS = ['name', 'description'] as const
type TextFieldName = (typeof TEXT_FIELDS)[number]
type Texts = Record<TextFieldName, string>
/** en-GB and the translated locales, as the API takes them. */
type AllTexts = SaveTranslationsBody['translations']
type LocaleMeta = FieldMetadata<Texts | undefined, Record<string, unknown>, string[]>

/** The API's 422 errors land on these names. */
const FIELDS = locales.flatMap((locale) => TEXT_FIELDS.map((field) => `translations.${locale}.${field}`))

type Conflict = { mine: AllTexts; saved: Service }
type ActionData = { result: SubmissionResult<string[]>; conflict?: Conflict }

/** The saved locales' texts; en-GB is always the service's own. */
const savedTexts = (service: Service): AllTexts => ({
	...Object.fromEntries(service.translations.map(({ locale, name, description }) => [locale, { name, description }])),
	'en-GB': { name: service.name, description: service.description ?? '' },
})

const savedLocales = (service: Service) =>
	locales.filter((locale) => service.translations.some((translation) => translation.locale === locale))

export async function loader({ context }: Route.LoaderArgs) {
	const service = await getService(context)
	const t = getT(context)
	return {
		service,
		...pageMeta(t, t('translations:pageTitle', { name: service.name }), t('translations:metaDescription')),
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	const { translations, version } = submission.value
	const body = translationsBody(translations)
	try {
		const saved = await saveTranslations(getApi(context), params.serviceId, body, version)
		if (!saved.ok) {
			return versionConflict(context, submission, 'translations', {
				mine: body,
				saved: saved.current,
			} satisfies Conflict)
		}
	} catch (error) {
		return changeFailed(submission, error, context, { fields: FIELDS, request })
	}
	await getSession(context).setFlash({ tone: 'success', key: 'translations:saved' })
	return redirect(href('/services/:serviceId/translations', { serviceId: params.serviceId }))
}

type T = TFunction<'translations'>

/** A language in its own name with its code, e.g. "Română (ro-RO)". */
function Language({ t, locale }: { t: T; locale: Locale }) {
	return (
		<Trans
			t={t}
			i18nKey="languageHtml"
			values={{ language: t(`languages.${locale}`), locale }}
			components={{ lang: <span lang={locale} /> }}
		/>
	)
}

export default function ServiceTranslations({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('translations')
	const { service } = loaderData
	const saved = savedLocales(service)
	return (
		<>
			<p>{t('intro')}</p>
			<Status saved={saved} />
			{/* Remounted when the saved translations change: a fresh form. */}
			<TranslationsForm
				key={`${service.version}:${JSON.stringify(service.translations)}`}
				service={service}
				saved={saved}
				answer={actionData}
			/>
		</>
	)
}

/** Only the required en-GB is flagged as missing; the optional languages are translated or not. */
function Status({ saved }: { saved: Locale[] }) {
	const { t } = useTranslation('translations')
	const missing = !saved.includes('en-GB')
	const notTranslated = locales.filter((locale) => locale !== 'en-GB' && !saved.includes(locale))
	return (
		<section className="stack" aria-labelledby="status-heading">
			<h2 id="status-heading" className="visually-hidden">
				{t('status.title')}
			</h2>
			{missing || notTranslated.length ? (
				<ul className="translation-status">
					{missing ? (
						<li>
							<strong>{t('status.missing')}</strong> <Language t={t} locale="en-GB" />
						</li>
					) : null}
					{saved.length ? (
						<li>
							{t('status.translated')} <Languages t={t} locales={saved} />
						</li>
					) : null}
					{notTranslated.length ? (
						<li>
							{t('status.notTranslated')} <Languages t={t} locales={notTranslated} />
						</li>
					) : null}
				</ul>
			) : (
				<p>{t('status.allTranslated')}</p>
			)}
		</section>
	)
}

function Languages({ t, locales }: { t: T; locales: Locale[] }) {
	return (
		<>
			{locales.map((locale, index) => (
				<span key={locale}>
					{index ? ', ' : null}
					<Language t={t} locale={locale} />
				</span>
			))}
		</>
	)
}

function TranslationsForm({ service, saved, answer }: { service: Service; saved: Locale[]; answer?: ActionData }) {
	const { t } = useTranslation('translations')
	const lastResult = answer?.result
	const conflict = answer?.conflict
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.translationsSchema), {
		id: 'service-translations',
		lastResult,
		defaultValue: { translations: savedTexts(service), version: service.version },
	})
	const labels = Object.fromEntries(
		locales.flatMap((locale) => {
			const language = t('language', { language: t(`languages.${locale}`), locale })
			return TEXT_FIELDS.map((field) => [
				`translations.${locale}.${field}`,
				t('fieldLabel', { field: t(field), language }),
			])
		}),
	)
	const localeFields = fields.translations.getFieldset() as unknown as Record<Locale, LocaleMeta>
	// After a conflict the saved version, so "Save my version" knowingly overwrites it; never an unseen one.
	const version = conflict ? String(conflict.saved.version) : (fields.version.initialValue ?? String(service.version))
	const started = locales.filter((locale) => locale === 'en-GB' || saved.includes(locale))
	const toAdd = locales.filter((locale) => !started.includes(locale))
	const fieldset = (locale: Locale) => (
		<LocaleFieldset key={locale} locale={locale} meta={localeFields[locale]} saved={saved.includes(locale)} />
	)
	// Open when one of its languages holds text (a failed save's, a draft) or has an error.
	const toAddFields = toAdd.flatMap((locale) => TEXT_FIELDS.map((field) => localeFields[locale].getFieldset()[field]))
	const errors = toAddFields.flatMap((meta) => (meta.errors ?? []).map((error) => `${meta.name}: ${error}`))
	return (
		<AppForm form={form} labels={labels}>
			<input type="hidden" name={fields.version.name} id={fields.version.id} value={version} />
			{conflict ? (
				<VersionConflict
					prefix="translations"
					rows={conflictRows(t, conflict)}
					discardTo={href('/services/:serviceId/translations', { serviceId: service.id })}
				/>
			) : null}
			<p>{t('bothOrNeither')}</p>
			{started.map(fieldset)}
			{toAdd.length ? (
				<AddLanguage
					mustOpen={errors.length > 0 || toAddFields.some((meta) => meta.value)}
					errors={errors.join('|')}
					lastResult={lastResult}
				>
					{toAdd.map(fieldset)}
				</AddLanguage>
			) : null}
			<div className="button-row">
				<SubmitButton pendingLabel={t('pending')}>{conflict ? t('conflict.saveMine') : t('submit')}</SubmitButton>
			</div>
		</AppForm>
	)
}

function LocaleFieldset({ locale, meta, saved }: { locale: Locale; meta: LocaleMeta; saved: boolean }) {
	const { t } = useTranslation('translations')
	const texts = meta.getFieldset()
	const own = locale === 'en-GB'
	return (
		<fieldset className="card stack">
			<legend>
				<Language t={t} locale={locale} /> <span className="muted">({own ? t('required') : t('optional')})</span>
				{saved ? null : (
					<>
						{' '}
						<span className={own ? 'tag tag--attention' : 'tag'}>{own ? t('missingTag') : t('notTranslatedTag')}</span>
					</>
				)}
			</legend>
			{own ? <p className="field__hint">{saved ? t('ownHint') : t('ownNotSaved')}</p> : null}
			<TextField
				meta={texts.name}
				label={<FieldLabel t={t} field="name" locale={locale} />}
				lang={locale}
				maxLength={serviceLimits.nameMax}
			/>
			<TextareaField
				meta={texts.description}
				label={<FieldLabel t={t} field="description" locale={locale} />}
				lang={locale}
				rows={3}
				maxLength={serviceLimits.descriptionMax}
			/>
		</fieldset>
	)
}

type AddLanguageProps = {
	mustOpen: boolean
	/** Its fields' errors as one key: a change is a new error to show. */
	errors: string
	lastResult: SubmissionResult<string[]> | undefined
	children: ReactNode
}

/** A native disclosure (works without JS); opened again for each new answer or error that needs it. */
function AddLanguage({ mustOpen, errors, lastResult, children }: AddLanguageProps) {
	const { t } = useTranslation('translations')
	const ref = useRef<HTMLDetailsElement>(null)
	const [initiallyOpen] = useState(mustOpen)
	useEffect(() => {
		if (mustOpen && ref.current) ref.current.open = true
	}, [mustOpen, errors, lastResult])
	return (
		<details ref={ref} className="add-language" open={initiallyOpen} aria-labelledby="add-language-summary">
			<summary id="add-language-summary">{t('addLanguage')}</summary>
			<div className="stack">{children}</div>
		</details>
	)
}

/** "Name", with the language for a screen reader (or for all, `visible`). */
function FieldLabel({ t, field, locale, visible }: { t: T; field: TextFieldName; locale: Locale; visible?: boolean }) {
	return (
		<Trans
			t={t}
			i18nKey="fieldLabelHtml"
			values={{ field: t(field), language: t(`languages.${locale}`), locale }}
			components={{
				hidden: <span className={visible ? undefined : 'visually-hidden'} />,
				lang: <span lang={locale} />,
			}}
		/>
	)
}

function conflictRows(t: T, { mine, saved }: Conflict): ConflictRow[] {
	const theirs = savedTexts(saved)
	return locales
		.flatMap((locale) =>
			TEXT_FIELDS.map((field) => ({
				key: `${locale}.${field}`,
				label: <FieldLabel t={t} field={field} locale={locale} visible />,
				mine: mine[locale]?.[field] ?? '',
				saved: theirs[locale]?.[field] ?? '',
				lang: locale,
			})),
		)
		.filter((row) => row.mine || row.saved)
}
