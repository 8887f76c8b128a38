import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ResendButton } from './countdown'
import { TextField } from './ui/field'

/** A one-time code; `takeFocus` renders `autoFocus` as the attribute, so it works without JS too. */
export function CodeField({
	meta,
	label,
	digits,
	takeFocus,
}: {
	meta: FieldMetadata<unknown>
	label: string
	digits: number
	takeFocus?: boolean
}) {
	const { t } = useTranslation('auth')
	return (
		<TextField
			meta={meta}
			label={label}
			hint={t('hints.code', { digits })}
			inputMode="numeric"
			autoComplete="one-time-code"
			spellCheck={false}
			maxLength={digits + 4}
			className="field--code"
			// eslint-disable-next-line jsx-a11y/no-autofocus -- the page's one field, right under its heading
			autoFocus={takeFocus}
			secret
		/>
	)
}

/** The seconds until a new emailed code may be sent (app/auth/email-code.server.ts). */
type CodeWait = { resendInSeconds: number | null; refused?: boolean }

/** Its seconds come from the action's answer when it has them (with JS no reload follows), else the loader's. */
export function SendCodeForm({
	loaderData,
	actionData,
	intent,
	label,
	variant,
}: {
	loaderData: CodeWait
	actionData: CodeWait | { result?: unknown } | undefined
	intent: string
	label: string
	variant?: 'primary' | 'secondary'
}) {
	const { t } = useTranslation('auth')
	const wait = actionData && 'resendInSeconds' in actionData ? actionData : loaderData
	return (
		<Form method="post" className="stack">
			<AuthenticityTokenInput />
			<ResendButton
				seconds={wait.resendInSeconds}
				answer={wait}
				waiting={(count) => t('twoStep.resendIn', { count })}
				ready={t('twoStep.resendNow')}
				refused={actionData && 'refused' in actionData ? t('twoStep.resendTooSoon') : undefined}
				label={label}
				variant={variant}
				name="intent"
				value={intent}
			/>
		</Form>
	)
}
