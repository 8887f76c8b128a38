import { useTranslation } from 'react-i18next'
import { CopyableValue } from '#app/components/ui/copy-button'
import { Notice } from '#app/components/ui/notice'

/** Shown this once (`takeSecretOnce`), with its client ID: a service signs in with the pair. */
export function SecretOnce({ secret, clientId }: { secret: string; clientId: string }) {
	const { t } = useTranslation('services')
	return (
		<Notice tone="warning" title={t('secretOnce.title')}>
			<div className="stack">
				<p>{t('secretOnce.why')}</p>
				<CopyableValue
					caption={t('secretOnce.clientId')}
					value={clientId}
					label={t('secretOnce.copyClientId')}
					copiedLabel={t('secretOnce.copied')}
				/>
				<CopyableValue
					caption={t('secretOnce.label')}
					value={secret}
					label={t('secretOnce.copy')}
					copiedLabel={t('secretOnce.copied')}
				/>
			</div>
		</Notice>
	)
}
