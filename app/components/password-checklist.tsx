import { useTranslation } from 'react-i18next'
import { passwordRules } from '#app/api/contract/constants'

type Rule = (typeof passwordRules)[number]

/**
 * The password checklist of spec point 5, from the contract's password rules.
 * With JS it follows what is typed. Without JS nothing typed comes back (a
 * password is never echoed), so after a failed post the password field's
 * errors tell which rules the password missed: those are marked missing, the
 * others met. Before any post it is a plain list of the rules.
 */
export function PasswordChecklist({
	password,
	confirmation,
	id,
	errors,
}: {
	password: string
	confirmation?: string
	id: string
	/** The password field's errors, in the catalogue's words. */
	errors?: readonly string[]
}) {
	const { t } = useTranslation(['auth', 'validation'])
	const matched = confirmation !== undefined && confirmation.length > 0 && confirmation === password
	const ruleMessage = (rule: Rule) => t(`validation:${rule.key}`, 'minimum' in rule ? { minimum: rule.minimum } : {})
	const missed = password ? [] : passwordRules.filter((rule) => errors?.includes(ruleMessage(rule)))
	const metOf = (rule: Rule) => (password ? rule.test(password) : missed.length ? !missed.includes(rule) : null)
	return (
		<div className="stack" id={id}>
			<p className="field__hint">{t('passwordChecklist.title')}</p>
			<ul className="checklist">
				{passwordRules.map((rule) => {
					const met = metOf(rule)
					return (
						<li key={rule.key} data-met={met ?? undefined} data-missed={!password && met === false ? true : undefined}>
							{t(`passwordChecklist.${rule.key}`, 'minimum' in rule ? { count: rule.minimum } : {})}
							{met === null ? null : (
								<span className="visually-hidden">
									{' '}
									{met ? t('passwordChecklist.met') : t('passwordChecklist.notMet')}
								</span>
							)}
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
