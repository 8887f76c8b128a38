import type { FieldMetadata, SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { z } from 'zod'
import { ResendButton } from './countdown'
import { AppForm } from './ui/app-form'
import { SubmitButton } from './ui/button'
import { TextField } from './ui/field'
import { useAppForm } from './ui/use-app-form'

type CodeFieldProps = { meta: FieldMetadata<unknown>; label: string; digits: number; takeFocus?: boolean }

/** A one-time code; `takeFocus` renders `autoFocus` as the attribute, so it works without JS too. */
export function CodeField({ meta, label, digits, takeFocus }: CodeFieldProps) {
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

type CodeFormProps = Omit<CodeFieldProps, 'meta' | 'label'> & {
	id: string
	schema: () => Promise<z.ZodType<{ code: string }, { code: string }>>
	lastResult: SubmissionResult<string[]> | undefined
	values?: Record<string, string>
	submit: string
	pendingLabel: string
	children?: ReactNode
}

/** A form of one code, posted with the hidden `values`; `children` sit beside its button (a way back). */
export function CodeForm({ id, schema, lastResult, values, submit, pendingLabel, children, ...field }: CodeFormProps) {
	const { t } = useTranslation('auth')
	const [form, fields] = useAppForm(schema, { id, lastResult })
	return (
		<AppForm form={form} labels={{ code: t('fields.code') }}>
			{Object.entries(values ?? {}).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<CodeField meta={fields.code} label={t('fields.code')} {...field} />
			<div className="button-row">
				<SubmitButton pendingLabel={pendingLabel}>{submit}</SubmitButton>
				{children}
			</div>
		</AppForm>
	)
}

/** The seconds until a new emailed code may be sent (app/auth/email-code.server.ts). */
type CodeWait = { resendInSeconds: number | null; refused?: boolean }

type SendCodeFormProps = {
	loaderData: CodeWait
	actionData: CodeWait | { result?: unknown } | undefined
	intent: string
	label: string
	variant?: 'primary' | 'secondary'
}

/** Its seconds come from the action's answer when it has them (with JS no reload follows), else the loader's. */
export function SendCodeForm({ loaderData, actionData, intent, label, variant }: SendCodeFormProps) {
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
