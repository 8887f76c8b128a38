import type { FieldMetadata } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordChecklist } from './password-checklist'
import { TextField } from './ui/field'

type Props = { password: FieldMetadata<unknown>; confirmation: FieldMetadata<unknown>; passwordLabel?: string }

/** New password + re-entry with the live checklist (sign-up, reset, change). */
export function NewPasswordFields({ password, confirmation, passwordLabel }: Props) {
	const { t } = useTranslation('auth')
	const [value, setValue] = useState('')
	const [again, setAgain] = useState('')
	return (
		<>
			<TextField
				meta={password}
				label={passwordLabel ?? t('fields.password')}
				type="password"
				autoComplete="new-password"
				hint={
					<PasswordChecklist
						password={value}
						confirmation={again}
						id={`${password.id}-checklist`}
						errors={password.errors}
					/>
				}
				onInput={(event) => setValue(event.currentTarget.value)}
			/>
			<TextField
				meta={confirmation}
				label={t('fields.passwordConfirmation')}
				type="password"
				autoComplete="new-password"
				onInput={(event) => setAgain(event.currentTarget.value)}
			/>
		</>
	)
}
