import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { Spinner } from './spinner'

type Variant = 'primary' | 'secondary' | 'warning' | 'link'

type ButtonProps = { variant?: Variant } & ButtonHTMLAttributes<HTMLButtonElement>

export function Button({ variant = 'primary', ...rest }: ButtonProps) {
	return <button type="button" {...rest} className={`button button--${variant}`} />
}

type SubmitButtonProps = {
	children: ReactNode
	pendingLabel?: string
	variant?: Variant
	name?: string
	value?: string
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>

/** Shows a pending state while its form is submitted (JS on). */
export function SubmitButton({ children, pendingLabel, variant = 'primary', name, value, ...rest }: SubmitButtonProps) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && (name === undefined || navigation.formData?.get(name) === value)
	return (
		<button
			{...rest}
			type="submit"
			name={name}
			value={value}
			className={`button button--${variant}`}
			aria-disabled={pending || undefined}
			onClick={(event) => {
				if (pending) event.preventDefault()
				rest.onClick?.(event)
			}}
		>
			{pending ? <Spinner size="small" label={pendingLabel} /> : null}
			<span>{children}</span>
		</button>
	)
}
