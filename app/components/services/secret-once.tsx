import { useTranslation } from 'react-i18next'
import { CopyableValue } from '#app/components/ui/copy-button'
import { Notice } from '#app/components/ui/notice'

/** Shown this once: read from the single-read cookie (app/services/secret-once.server.ts); never cached. */
export function SecretOnce({ secret }: { secret: string }) {
	const { t } = useTranslation('services')
	return (
		<Notice tone="warning" title={t('secretOnce.title')}>
			<div className="stack">
				<p>{t('secretOnce.why')}</p>
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
