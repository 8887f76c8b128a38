import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href, Link } from 'react-router'
import type { Route } from './+types/developers'
import { getT } from '#app/i18n.server'
import type { ServicePageHandle } from './service'
import { canRevoke, canRotate } from '#app/api/service-secrets.server'
import { loadServiceSecrets, takeSecretOnce } from '#app/services/secrets.server'
import {
	eventExamples,
	loadSigningSecrets,
	repositoryLinks,
	verificationSnippets,
} from '#app/services/webhook-signing.server'
import { SecretCard } from '#app/components/services/secret-card'
import { SecretOnce } from '#app/components/services/secret-once'
import { NotSet } from '#app/components/services/service-summary'
import { EventTypes, SigningScheme, SigningSecrets } from '#app/components/services/webhook-signing'
import { SummaryRow, TimeRow } from '#app/components/services/summary-row'
import { CopyButton } from '#app/components/ui/copy-button'

export const handle = {
	i18n: ['developers', 'services'],
	serviceHeader: { back: 'developers:back', title: 'developers:pageTitle' },
} satisfies ServicePageHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, context }: Route.LoaderArgs) {
	const [{ service, secrets }, signingSecrets] = await Promise.all([
		loadServiceSecrets(context, params.serviceId),
		loadSigningSecrets(context, params.serviceId),
	])
	const t = getT(context)
	return {
		service,
		secrets,
		rotatable: canRotate(secrets),
		revocable: canRevoke(secrets),
		// A secret just made by a rotate or a reset: this once (the page is never cached).
		newSecret: await takeSecretOnce(context, service.id),
		// Null (nothing of them in the page) until this sign-in confirms it's the partner: decision 0022.
		signingSecrets,
		snippets: verificationSnippets,
		links: repositoryLinks(),
		events: eventExamples,
		...pageMeta(t, t('developers:pageTitle', { name: service.name })),
	}
}

export default function ServiceDevelopers({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation(['developers', 'services'])
	const { service, newSecret, signingSecrets, snippets, links, events } = loaderData
	return (
		<>
			{newSecret ? <SecretOnce secret={newSecret} clientId={service.client_id} /> : null}
			<section className="stack" aria-labelledby="credentials-heading">
				<h2 id="credentials-heading">{t('credentials')}</h2>
				<dl className="summary-list developer-values">
					<SummaryRow term={t('clientId')} className="button-row">
						<code>{service.client_id}</code>
						<CopyButton value={service.client_id} label={t('copy')} copiedLabel={t('copied')} />
					</SummaryRow>
					<SummaryRow term={t('environment')}>{t(`services:environment.${service.environment}`)}</SummaryRow>
					<SummaryRow term={t('webhookUrl')}>
						{service.webhook_url ? <code>{service.webhook_url}</code> : <NotSet serviceId={service.id} />}
					</SummaryRow>
					<SummaryRow term={t('authorizationUrl')}>
						{service.authorization_url ? <code>{service.authorization_url}</code> : <NotSet serviceId={service.id} />}
					</SummaryRow>
				</dl>
				<p>
					<Link to={href('/services/:serviceId/webhooks', { serviceId: service.id })}>{t('webhooksLink')}</Link>
				</p>
			</section>
			<Secrets {...loaderData} />
			<SigningSecrets serviceId={service.id} secrets={signingSecrets} />
			<SigningScheme snippets={snippets} links={links} />
			<EventTypes events={events} openApi={links.openApi} />
		</>
	)
}

/** Rotate, reset and revoke each go through a confirmation page. */
function Secrets({ service, secrets, rotatable, revocable }: Route.ComponentProps['loaderData']) {
	const { t } = useTranslation('developers')
	const serviceId = service.id
	// Oldest first: while two are live, the first is the old one and the last the new one.
	const rotating = secrets.length > 1
	const secretLabel = (index: number) =>
		!rotating ? t('secrets.secret') : index === 0 ? t('secrets.oldSecret') : t('secrets.newSecret')
	return (
		<section className="stack" aria-labelledby="secrets-heading">
			<h2 id="secrets-heading">{t('secrets.title')}</h2>
			<p>{t('secrets.intro')}</p>
			<ul className="service-list" aria-labelledby="secrets-heading">
				{secrets.map((secret, index) => (
					<SecretCard
						key={secret.id}
						name={secretLabel(index)}
						hint={secret.hint}
						createdAt={secret.created_at}
						rows={<TimeRow term={t('secrets.lastUsed')} at={secret.last_used_at} otherwise={t('secrets.neverUsed')} />}
					>
						{rotating && index === 0 ? <p className="muted">{t('secrets.oldHint')}</p> : null}
						{revocable ? (
							<p>
								<Link
									to={href('/services/:serviceId/developers/secrets/:secretId/revoke', {
										serviceId,
										secretId: secret.id,
									})}
								>
									{t('secrets.revoke.link', { hint: secret.hint })}
								</Link>
							</p>
						) : null}
					</SecretCard>
				))}
			</ul>
			<h3>{t('secrets.actions')}</h3>
			<ul>
				{(['rotate', 'reset', 'revoke'] as const).map((action) => (
					<li key={action}>{t(`secrets.${action}.explained`)}</li>
				))}
			</ul>
			<p className="button-row">
				{rotatable ? (
					<Link
						className="button button--secondary"
						to={href('/services/:serviceId/developers/secrets/rotate', { serviceId })}
					>
						{t('secrets.rotate.link')}
					</Link>
				) : null}
				<Link
					className="button button--secondary"
					to={href('/services/:serviceId/developers/secrets/reset', { serviceId })}
				>
					{t('secrets.reset.link')}
				</Link>
			</p>
			{rotatable ? null : <p className="muted">{t('secrets.rotate.limit')}</p>}
		</section>
	)
}
