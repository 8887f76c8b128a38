import type { TFunction } from 'i18next'
import { recoveryCodeRules } from '#app/api/contract/constants'
import { Notice } from '#app/components/ui/notice'
import { formatDateTime } from '#app/utils/date-time'

type Props = { t: TFunction<'account'>; remaining: number; generatedAt: string }

/** How many are left; fewer than `lowBelow` is a warning (the dashboard says it too). */
export function CodesLeft({ t, remaining, generatedAt }: Props) {
	const left = t('recoveryCodes.left', { count: remaining, total: recoveryCodeRules.count })
	return remaining < recoveryCodeRules.lowBelow ? (
		<Notice tone="warning" title={left}>
			<p>{t('recoveryCodes.lowHint')}</p>
		</Notice>
	) : (
		<p>
			{left} {t('recoveryCodes.generatedAt', { date: formatDateTime(generatedAt) })}
		</p>
	)
}
