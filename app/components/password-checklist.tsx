import { useTranslation } from 'react-i18next'
import { PASSWORD_MIN, passwordRules } from '#app/auth/schemas'

/**
 * The password checklist of spec point 5. With JS it follows what is typed;
 * without JS it is a plain list of the rules (the server checks them).
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
	const rules: Array<[keyof typeof passwordRules, string]> = [
		['minLength', t('passwordChecklist.minLength', { count: PASSWORD_MIN })],
		['capital', t('passwordChecklist.capital')],
		['number', t('passwordChecklist.number')],
		['special', t('passwordChecklist.special')],
	]
	const matched = confirmation !== undefined && confirmation.length > 0 && confirmation === password
	return (
		<div className="stack" id={id}>
			<p className="field__hint">{t('passwordChecklist.title')}</p>
			<ul className="checklist">
				{rules.map(([rule, label]) => {
					const met = passwordRules[rule](password)
					return (
						<li key={rule} data-met={met}>
							{label}
							{password ? <span className="visually-hidden">{met ? ' (done)' : ' (not yet)'}</span> : null}
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
