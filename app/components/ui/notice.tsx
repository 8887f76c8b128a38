import type { ReactNode } from 'react'

/** A quiet message box: success, information, warning or error. */
export function Notice({
	tone = 'info',
	title,
	children,
	role,
}: {
	tone?: 'info' | 'success' | 'warning' | 'error'
	title?: ReactNode
	children?: ReactNode
	role?: 'status' | 'alert'
}) {
	return (
		<div className={`notice notice--${tone}`} role={role ?? (tone === 'error' ? 'alert' : 'status')}>
			{title ? <p className="notice__title">{title}</p> : null}
			{children ? <div className="notice__body">{children}</div> : null}
		</div>
	)
}
