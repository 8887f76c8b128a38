import type { ReactNode, Ref } from 'react'

type NoticeProps = {
	tone?: 'info' | 'success' | 'warning' | 'error'
	title?: ReactNode
	children?: ReactNode
	role?: 'status' | 'alert'
	/** For a message that takes focus (`tabIndex={-1}`). */
	ref?: Ref<HTMLDivElement>
	tabIndex?: number
}

export function Notice({ tone = 'info', title, children, role, ref, tabIndex }: NoticeProps) {
	return (
		<div
			className={`notice notice--${tone}`}
			role={role ?? (tone === 'error' ? 'alert' : 'status')}
			ref={ref}
			tabIndex={tabIndex}
		>
			{title ? <p className="notice__title">{title}</p> : null}
			{children ? <div className="notice__body">{children}</div> : null}
		</div>
	)
}
