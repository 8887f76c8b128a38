import type { ComponentProps } from 'react'
import { TextField } from './ui/field'

type FieldProps = Omit<ComponentProps<typeof TextField>, 'type'>

/** An email address, which no spell checker should mark. */
export function EmailField({ autoComplete = 'email', ...props }: FieldProps) {
	return <TextField {...props} type="email" autoComplete={autoComplete} spellCheck={false} />
}

/** The password the partner has now, to confirm it is them (never sent back to the page). */
export function CurrentPasswordField(props: FieldProps) {
	return <TextField {...props} type="password" autoComplete="current-password" />
}
