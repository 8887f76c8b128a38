import { getInputProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { href, redirect, Link } from 'react-router'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/list'
import { getT } from '#app/i18n.server'
import { createServiceSchema as schema } from './schemas'
import { ApiError } from '#app/api/errors'
import { createService, newIdempotencyKey, serviceCategories, servicesPage } from '#app/api/services.server'
import { ServiceCards } from '#app/components/services/service-cards'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { ServiceFields, useServiceFieldLabels } from '#app/components/services/service-fields'
import { useAppForm } from '#app/components/ui/use-app-form'
import { keepSecretOnce } from '#app/services/secrets.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { CREATE_HEADING_ID } from '#app/services/pages'
import { getApi, getSession } from '#app/context.server'

export const handle = { i18n: ['services'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** The fields the create form asks for; their API errors show on the field, the rest (the key) in the summary. */
const FIELDS = ['name', 'category'] as const
const SELF = href('/services/manage')

export async function loader({ request, context }: Route.LoaderArgs) {
	const api = getApi(context)
	const cursor = new URL(request.url).searchParams.get('cursor') || undefined
	const [page, categories] = await Promise.all([
		servicesPage(api, cursor).catch((error: unknown) => {
			// A stale or hand-edited cursor: start again from the first page (never an error page).
			if (cursor && error instanceof ApiError && error.kind === 'bad_request') throw redirect(SELF)
			throw error
		}),
		serviceCategories(api),
	])
	const t = getT(context)
	return {
		services: page.services,
		nextCursor: page.nextCursor,
		categories,
		idempotencyKey: newIdempotencyKey(),
		...pageMeta(t, t('services:list.title')),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	const { idempotency_key, ...fields } = submission.value
	try {
		const { service, secret } = await createService(getApi(context), fields, idempotency_key)
		// A replayed create (double submit) has no secret: the details page then shows none.
		if (secret) await keepSecretOnce(context, service.id, secret.secret)
		await getSession(context).setFlash({ tone: 'success', key: 'services:create.created' })
		return redirect(href('/services/:serviceId', { serviceId: service.id }))
	} catch (error) {
		return replyWithApiError(submission, error, context, { fields: [...FIELDS], request })
	}
}

export default function ServicesList({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { services, nextCursor, categories, idempotencyKey } = loaderData
	const categoryName = new Map(categories.map((category) => [category.key, category.name]))
	// A failed submission comes back with its key, so retrying it cannot create a second service.
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.createServiceSchema), {
		id: 'create-service',
		lastResult: actionData?.result,
		defaultValue: { idempotency_key: idempotencyKey },
	})
	const labels = useServiceFieldLabels()
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('list.title')}</h1>
			{services.length ? (
				<>
					{/* The form is below a list that may be long: the way to it comes first. */}
					<p>
						<a className="button button--secondary" href={`#${CREATE_HEADING_ID}`}>
							{t('list.createLink')}
						</a>
					</p>
					<ServiceCards
						services={services}
						categoryName={(key) => categoryName.get(key) ?? key}
						labelledBy="page-heading"
					/>
				</>
			) : (
				<p>
					{t('list.empty')} <a href={`#${CREATE_HEADING_ID}`}>{t('list.emptyLink')}</a>
				</p>
			)}
			{nextCursor ? (
				<p>
					<Link to={`${SELF}?${new URLSearchParams({ cursor: nextCursor })}`}>{t('list.more')}</Link>
				</p>
			) : null}
			<section className="stack" aria-labelledby={CREATE_HEADING_ID}>
				<h2 id={CREATE_HEADING_ID} tabIndex={-1}>
					{t('create.title')}
				</h2>
				<p>{t('create.intro')}</p>
				<AppForm form={form} labels={labels}>
					<input {...getInputProps(fields.idempotency_key, { type: 'hidden' })} key={fields.idempotency_key.key} />
					<ServiceFields fields={fields} labels={labels} categories={categories} names={FIELDS} />
					<div className="button-row">
						<SubmitButton pendingLabel={t('create.pending')}>{t('create.submit')}</SubmitButton>
					</div>
				</AppForm>
			</section>
		</section>
	)
}
