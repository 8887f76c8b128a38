import { useTranslation } from 'react-i18next'
import { passwordRules } from '#app/api/contract/constants'

/**
 * The password checklist of spec point 5, from the contract's password rules.
 * With JS it follows what is typed; without JS it is a plain list of the rules
 * (the server checks them).
 */
export function PasswordChecklist({
	password,
	confirmation,
	id,
}: {
	password: string
	confirmation?: string
	id: string
}) {
	const { t } = useTranslation(['auth', 'validation'])
	const matched = confirmation !== undefined && confirmation.length > 0 && confirmation === password
	return (
		<div className="stack" id={id}>
			<p className="field__hint">{t('passwordChecklist.title')}</p>
			<ul className="checklist">
				{passwordRules.map((rule) => {
					const met = rule.test(password)
					return (
						<li key={rule.key} data-met={met}>
							{t(`passwordChecklist.${rule.key}`, 'minimum' in rule ? { count: rule.minimum } : {})}
							{password ? (
								<span className="visually-hidden">
									{' '}
									{met ? t('passwordChecklist.met') : t('passwordChecklist.notMet')}
								</span>
							) : null}
						</li>
					)
				})}
			</ul>
			{matched ? (
				<p className="checklist" data-met="true" role="status">
					{t('validation:passwordsMatched')}
				</p>
			) : null}
		</div>
	)
}
