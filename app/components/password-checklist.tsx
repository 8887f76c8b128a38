import { useTranslation } from 'react-i18next'
import { passwordRules } from '#app/api/contract/constants'

type Rule = (typeof passwordRules)[number]

type Props = {
	password: string
	confirmation?: string
	id: string
	/** The password field's errors, in the catalogue's words. */
	errors?: readonly string[]
}

/** Spec point 5. Without JS a password is never echoed: after a failed post its errors mark the rules missed. */
export function PasswordChecklist({ password, confirmation, id, errors }: Props) {
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
