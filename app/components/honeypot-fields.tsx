import type { HoneypotInputProps } from 'remix-utils/honeypot/server'

type Props = HoneypotInputProps & { label: string }

/** remix-utils' honeypot as valid markup: hidden by the `.honeypot` class, not a `<style>` in the form. */
export function HoneypotFields({ label, nameFieldName, validFromFieldName, encryptedValidFrom }: Props) {
	return (
		<div className="honeypot" aria-hidden="true">
			<label htmlFor={nameFieldName}>{label}</label>
			<input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
			{validFromFieldName ? (
				<>
					<label htmlFor={validFromFieldName}>{label}</label>
					<input
						id={validFromFieldName}
						name={validFromFieldName}
						type="text"
						value={encryptedValidFrom}
						readOnly
						autoComplete="off"
						tabIndex={-1}
					/>
				</>
			) : null}
		</div>
	)
}
