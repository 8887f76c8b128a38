import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import { identityConfirmationSeconds } from '#app/api/contract/constants'
import type { WebhookEventType } from '#app/api/contract/webhook-deliveries'
import type { SigningSecret } from '#app/api/contract/webhooks'
import { webhookSignature } from '#app/api/contract/webhook-signature'
import { SIGNING_SECRET_ID } from '#app/services/pages'
import { SecretCard } from '#app/components/services/secret-card'
import { TimeRow } from '#app/components/services/summary-row'
import { CopyButton, CopyableValue } from '#app/components/ui/copy-button'
import { TableHead } from './table-head'

// Decision 0020.

/** `null` until this sign-in has confirmed it's the partner (decision 0022). */
export function SigningSecrets({ serviceId, secrets }: { serviceId: string; secrets: SigningSecret[] | null }) {
	const { t } = useTranslation('developers')
	const revealPage = href('/services/:serviceId/developers/signing-secret/reveal', { serviceId })
	const rotatePage = href('/services/:serviceId/developers/signing-secret/rotate', { serviceId })
	return (
		<section id={SIGNING_SECRET_ID} className="stack" aria-labelledby="signing-secret-heading">
			<h2 id="signing-secret-heading">{t('signingSecret.title')}</h2>
			<p>{t('signingSecret.intro')}</p>
			{secrets ? (
				<SigningSecretList secrets={secrets} />
			) : (
				<>
					<p>{t('signingSecret.hidden', { count: identityConfirmationSeconds / 60 })}</p>
					<p>
						<Link className="button button--secondary" to={revealPage}>
							{t('signingSecret.reveal.link')}
						</Link>
					</p>
				</>
			)}
			<p>{t('signingSecret.rotate.explained', { count: webhookSignature.rotationOverlapSeconds / 3600 })}</p>
			<p>
				<Link className="button button--secondary" to={rotatePage}>
					{t('signingSecret.rotate.link')}
				</Link>
			</p>
		</section>
	)
}

function SigningSecretList({ secrets }: { secrets: SigningSecret[] }) {
	const { t } = useTranslation('developers')
	return (
		<ul className="service-list" aria-labelledby="signing-secret-heading">
			{secrets.map((secret) => {
				const which = secret.expires_at ? 'previous' : 'current'
				const name = t(`signingSecret.${which}`)
				return (
					<SecretCard
						key={secret.id}
						name={name}
						hint={secret.hint}
						createdAt={secret.created_at}
						rows={secret.expires_at ? <TimeRow term={t('signingSecret.expires')} at={secret.expires_at} /> : null}
					>
						{/* The confirmation said "shown below": the current one is; the previous one on request. */}
						<details open={which === 'current'}>
							<summary>{t(`signingSecret.show.${which}`)}</summary>
							<CopyableValue
								caption={name}
								value={secret.secret}
								label={t(`signingSecret.copy.${which}`)}
								copiedLabel={t('copied')}
							/>
						</details>
					</SecretCard>
				)
			})}
		</ul>
	)
}

function Snippet({ id, title, code }: { id: string; title: string; code: string }) {
	const { t } = useTranslation('developers')
	return (
		<figure className="snippet" aria-labelledby={id}>
			<figcaption id={id} className="snippet__caption">
				{title}
			</figcaption>
			<pre className="snippet__code">
				<code>{code}</code>
			</pre>
			<p className="button-row">
				<CopyButton value={code} label={t('copyCode', { title })} copiedLabel={t('copied')} />
			</p>
		</figure>
	)
}

type SigningSchemeProps = {
	snippets: { node: string; python: string }
	links: { examples: string; node: string; python: string; openApi: string }
}

export function SigningScheme({ snippets, links }: SigningSchemeProps) {
	const { t } = useTranslation('developers')
	const { headers, algorithm, version, secretPrefix, toleranceSeconds } = webhookSignature
	return (
		<section id="signing" className="stack" aria-labelledby="signing-heading">
			<h2 id="signing-heading">{t('signing')}</h2>
			<p>{t('signingIntro')}</p>
			<table className="webhook-table">
				<caption>{t('headersCaption')}</caption>
				<TableHead columns={[t('headerName'), t('headerMeaning')]} />
				<tbody>
					{[
						[headers.id, t('headerId')],
						[headers.timestamp, t('headerTimestamp')],
						[headers.signature, t('headerSignature', { version })],
					].map(([header, meaning]) => (
						<tr key={header}>
							<th scope="row">
								<code>{header}</code>
							</th>
							<td>{meaning}</td>
						</tr>
					))}
				</tbody>
			</table>
			<p>{t('signingScheme', { algorithm, prefix: secretPrefix })}</p>
			<p>{t('twoSecrets')}</p>
			<p>{t('tolerance', { count: toleranceSeconds / 60, seconds: toleranceSeconds })}</p>
			<p>{t('dedupe', { header: headers.id })}</p>
			<p>{t('libraries')}</p>
			<h3>{t('verify')}</h3>
			<Snippet id="snippet-node" title={t('snippetNode')} code={snippets.node} />
			<Snippet id="snippet-python" title={t('snippetPython')} code={snippets.python} />
			<ul>
				{[
					[links.examples, t('examples')],
					[links.node, t('exampleNode')],
					[links.python, t('examplePython')],
					[links.openApi, t('openApi')],
				].map(([link, text]) => (
					<li key={text}>
						<a href={link}>{text}</a>
					</li>
				))}
			</ul>
		</section>
	)
}

type EventTypesProps = {
	events: Array<{ type: WebhookEventType; example: string; schemaLine: number | null }>
	openApi: string
}

export function EventTypes({ events, openApi }: EventTypesProps) {
	const { t } = useTranslation('developers')
	return (
		<section id="events" className="stack" aria-labelledby="events-heading">
			<h2 id="events-heading">{t('events.title')}</h2>
			<p>{t('events.intro')}</p>
			{events.map(({ type, example, schemaLine }) => (
				<section key={type} className="stack" aria-labelledby={`event-${type}`}>
					<h3 id={`event-${type}`}>
						<code>{type}</code>
					</h3>
					<p>{t(`events.${type}`)}</p>
					<p>
						<a href={schemaLine ? `${openApi}#L${schemaLine}` : openApi}>{t('events.schema', { type })}</a>
					</p>
					<Snippet id={`event-${type}-example`} title={t('events.example', { type })} code={example} />
				</section>
			))}
		</section>
	)
}
