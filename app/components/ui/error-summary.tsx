import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'

export type SummaryError = { message: string; fieldId?: string }

type ErrorSummaryProps = { errors: SummaryError[]; id?: string; mayTakeFocus?: () => boolean }

/** Takes focus when it appears, with JS only when `mayTakeFocus` agrees (not while the partner types). */
export function ErrorSummary({ errors, id = 'error-summary', mayTakeFocus = () => true }: ErrorSummaryProps) {
	const { t } = useTranslation()
	const ref = useRef<HTMLDivElement>(null)
	const hydrated = useHydrated()
	const key = errors.map((e) => e.message + e.fieldId).join('|')
	useEffect(() => {
		if (key && mayTakeFocus()) ref.current?.focus()
		// eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: new errors trigger it
	}, [key])
	if (errors.length === 0) return null
	return (
		<div
			className="error-summary"
			role="alert"
			aria-labelledby={`${id}-title`}
			tabIndex={-1}
			ref={ref}
			// Without JS the server-rendered summary focuses itself; once hydrated the effect decides.
			// eslint-disable-next-line jsx-a11y/no-autofocus
			autoFocus={!hydrated}
			id={id}
		>
			<h2 className="error-summary__title" id={`${id}-title`}>
				{t('errorSummary.title')}
			</h2>
			<ul className="error-summary__list">
				{errors.map((error, index) => (
					<li key={index}>
						{error.fieldId ? (
							<a
								href={`#${error.fieldId}`}
								onClick={(event) => {
									const field = document.getElementById(error.fieldId!)
									if (!field) return
									event.preventDefault()
									// A field inside a closed disclosure (e.g. "Add a language") is shown before it takes focus.
									let closed: HTMLDetailsElement | null
									while ((closed = field.closest('details:not([open])'))) closed.open = true
									field.focus()
									field.scrollIntoView({ block: 'center' })
								}}
							>
								{error.message}
							</a>
						) : (
							error.message
						)}
					</li>
				))}
			</ul>
		</div>
	)
}
