import type { HoneypotInputProps } from 'remix-utils/honeypot/server'

/**
 * The fields of remix-utils' honeypot (its server half, app/utils/honeypot.server.ts, checks them) as valid
 * markup: hidden by the stylesheet's `.honeypot` class instead of a `<style>` inside the form, and
 * `autocomplete="off"`. A person never sees or reaches them; a bot that fills every field is refused.
 */
export function HoneypotFields({
	label,
	nameFieldName,
	validFromFieldName,
	encryptedValidFrom,
}: HoneypotInputProps & { label: string }) {
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
