import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { Spinner } from './spinner'

type Variant = 'primary' | 'secondary' | 'warning' | 'link'

export function Button({
	variant = 'primary',
	...rest
}: { variant?: Variant } & ButtonHTMLAttributes<HTMLButtonElement>) {
	return <button type="button" {...rest} className={`button button--${variant}`} />
}

/** Shows a pending state while its form is submitted (JS on). */
export function SubmitButton({
	children,
	pendingLabel,
	variant = 'primary',
	name,
	value,
	...rest
}: {
	children: ReactNode
	pendingLabel?: string
	variant?: Variant
	name?: string
	value?: string
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>) {
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
