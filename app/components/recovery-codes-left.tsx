import type { TFunction } from 'i18next'
import { recoveryCodeRules } from '#app/api/contract/constants'
import { Notice } from '#app/components/ui/notice'
import { formatDateTime } from '#app/utils/date-time'

/** How many are left; fewer than `lowBelow` is a warning (the dashboard says it too). */
export function CodesLeft({
	t,
	remaining,
	generatedAt,
}: {
	t: TFunction<'account'>
	remaining: number
	generatedAt: string
}) {
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
