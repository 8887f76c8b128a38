import type { SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { data, href, redirect, useFetcher, type RouterContextProvider } from 'react-router'
import { useAuthenticityToken } from 'remix-utils/csrf/react'
import { CSRF_FIELD_NAME } from '#app/utils/csrf'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Route } from './+types/protections'
import { getT } from '#app/i18n.server'
import type { ServicePageHandle } from './service'
import type { SecurityProtection } from '#app/api/contract/index'
import { PROTECTION_INTENT as INTENT } from './intents'
import { protectionsSchema as saveSchema, protectionToggleSchema as toggleSchema } from './schemas'
import { enabledProtectionsFromForm, securityProtections } from '#app/api/service-sections.server'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { SummaryRow } from '#app/components/services/summary-row'
import { invalid, parseForm } from '#app/forms/forms.server'
import stylesHref from '#app/styles/protections.css?url'
import { getApi, getFormData, getService, getSession } from '#app/context.server'
import { changeFailed } from '#app/services/load.server'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }]

export const handle = {
	i18n: ['protections'],
	serviceHeader: { back: 'protections:back', title: 'protections:pageTitle' },
} satisfies ServicePageHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

type Answer = { result: SubmissionResult<string[]> }
/** What a switch's fetcher gets back: the saved state, or the failure with what was sent. */
type ToggleAnswer = { saved: true } | Answer

type Protection = SecurityProtection & { enabled: boolean }

export async function loader({ context }: Route.LoaderArgs) {
	const [service, catalogue] = await Promise.all([getService(context), securityProtections(getApi(context))])
	const enabled = new Set(service.security_protections.filter((entry) => entry.enabled).map((entry) => entry.key))
	const protections: Protection[] = catalogue.map((protection) => ({
		...protection,
		enabled: enabled.has(protection.key),
	}))
	const t = getT(context)
	return {
		service,
		protections,
		...pageMeta(t, t('protections:pageTitle', { name: service.name }), t('protections:metaDescription')),
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const intent = getFormData(context).get('intent')
	if (intent === INTENT.toggle) return toggleProtection(context, request, params.serviceId)
	// No intent: the list submitted without its button (Enter), the same as Save.
	if (intent === null || intent === INTENT.save) return saveProtections(context, request, params.serviceId)
	return data(null, { status: 400 })
}

type Context = Readonly<RouterContextProvider>

/** JS off: the whole set at once. */
async function saveProtections(context: Context, request: Request, serviceId: string) {
	const { formData, submission } = parseForm(context, saveSchema)
	try {
		await getApi(context).call('setServiceSecurityProtections', {
			params: { id: serviceId },
			body: { enabled: enabledProtectionsFromForm(formData) },
		})
	} catch (error) {
		return changeFailed(submission, error, context, { request })
	}
	await getSession(context).setFlash({ tone: 'success', key: 'protections:saved' })
	return redirect(href('/services/:serviceId/protections', { serviceId }))
}

/** JS on: one protection per switch; a failure changes nothing. */
async function toggleProtection(context: Context, request: Request, serviceId: string) {
	const { submission } = parseForm(context, toggleSchema)
	if (submission.status !== 'success') return invalid(submission)
	const { protection, enabled } = submission.value
	try {
		await getApi(context).call('toggleServiceSecurityProtection', {
			params: { id: serviceId, key: protection },
			body: { enabled: enabled === 'true' },
		})
	} catch (error) {
		return changeFailed(submission, error, context, { request })
	}
	return { saved: true } satisfies ToggleAnswer
}

/** A form value as a list: conform keeps one ticked box as a string. */
const listOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)])

export default function ServiceProtections({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('protections')
	const { service, protections } = loaderData
	const hydrated = useHydrated()
	// Only the checkbox list navigates (a switch answers its own fetcher): a failed save comes back here.
	const answer = actionData as Answer | undefined
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.protectionsSchema), {
		id: 'security-protections',
		lastResult: answer?.result,
		defaultValue: {
			enabled: protections.filter((protection) => protection.enabled).map((protection) => protection.key),
		},
	})
	// As sent after a failed save (or kept across a sign-in), otherwise as saved.
	const ticked = new Set(listOf(fields.enabled.initialValue))
	return (
		<>
			<p>{t('intro')}</p>
			<AppForm form={form} className="form stack protections-form">
				<fieldset className="protections" aria-describedby="protections-hint">
					<legend className="protections__legend">{t('legend', { name: service.name })}</legend>
					<p className="field__hint" id="protections-hint">
						{hydrated ? t('hintLive') : t('hintSave')}
					</p>
					<ul className="protections__list">
						{protections.map((protection) => (
							<ProtectionItem
								key={protection.key}
								protection={protection}
								ticked={ticked.has(protection.key)}
								live={hydrated}
							/>
						))}
					</ul>
				</fieldset>
				{hydrated ? null : (
					<div className="button-row">
						<SubmitButton name="intent" value={INTENT.save} pendingLabel={t('pending')}>
							{t('submit')}
						</SubmitButton>
					</div>
				)}
			</AppForm>
		</>
	)
}

/** A checkbox of the list (JS off), or a switch that saves it on its own (JS on). */
function ProtectionItem({ protection, ticked, live }: { protection: Protection; ticked: boolean; live: boolean }) {
	const { t } = useTranslation('protections')
	const csrf = useAuthenticityToken()
	const fetcher = useFetcher<ToggleAnswer>({ key: `protection-${protection.key}` })
	const sent = fetcher.formData?.get('enabled')
	const pending = fetcher.state !== 'idle' && typeof sent === 'string'
	const failure = fetcher.state === 'idle' && fetcher.data && 'result' in fetcher.data ? fetcher.data.result : null
	const checked = live ? (pending ? sent === 'true' : protection.enabled) : ticked
	const id = `protection-${protection.key}`
	const describedBy = [`${id}-event`, `${id}-explanation`, `${id}-state`, failure ? `${id}-error` : null]
	return (
		<li className="protection card stack">
			<div className="protection__control">
				<input
					type="checkbox"
					className="protection__input"
					role={live ? 'switch' : undefined}
					id={id}
					name="enabled"
					value={protection.key}
					checked={checked}
					aria-describedby={describedBy.filter(Boolean).join(' ')}
					aria-disabled={pending || undefined}
					onChange={(event) => {
						if (!live || pending) return
						void fetcher.submit(
							{
								[CSRF_FIELD_NAME]: csrf,
								intent: INTENT.toggle,
								protection: protection.key,
								enabled: String(event.currentTarget.checked),
							},
							{ method: 'post' },
						)
					}}
				/>
				<label className="protection__title" htmlFor={id}>
					{protection.title}
				</label>
			</div>
			<dl className="summary-list">
				<SummaryRow term={t('event')} id={`${id}-event`}>
					{t(`events.${protection.event}`)} <code>{protection.event}</code>
				</SummaryRow>
				<SummaryRow term={t('explanation')} id={`${id}-explanation`}>
					{protection.explanation}
				</SummaryRow>
				<SummaryRow term={t('state')}>
					<span id={`${id}-state`} role="status">
						{pending ? t('saving') : protection.enabled ? t('on') : t('off')}
					</span>
				</SummaryRow>
			</dl>
			{failure ? (
				<div id={`${id}-error`} className="protection__error" role="alert">
					<p className="field__error">
						{t(failure.initialValue?.enabled === 'true' ? 'failed.on' : 'failed.off', { title: protection.title })}
					</p>
					{(failure.error?.[''] ?? []).map((message) => (
						<p key={message}>{message}</p>
					))}
				</div>
			) : null}
		</li>
	)
}
