import type { SubmissionResult } from '@conform-to/react'
import type { z } from 'zod'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'

type ButtonFormProps = {
	schema: () => Promise<z.ZodType<Record<string, string>, Record<string, string>>>
	id: string
	values: Record<string, string>
	lastResult?: SubmissionResult<string[]>
	label: string
	pendingLabel: string
	variant?: 'primary' | 'secondary'
}

/** A form that is one button; its values (an intent, a key) are hidden, as a failed post sent them: done once. */
export function ButtonForm({ schema, id, values, lastResult, label, pendingLabel, variant }: ButtonFormProps) {
	const [form] = useAppForm(schema, { id, lastResult, defaultValue: values })
	return (
		<AppForm form={form}>
			{Object.entries(values).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={form.initialValue?.[name] ?? value} />
			))}
			<div className="button-row">
				<SubmitButton variant={variant} pendingLabel={pendingLabel}>
					{label}
				</SubmitButton>
			</div>
		</AppForm>
	)
}
