import type { FieldMetadata } from '@conform-to/react'
import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { useActionData } from 'react-router'

const stamps = new WeakMap<object, number>()
let lastStamp = 0
/** Changes with every action result, to remount secret inputs. */
function useActionStamp() {
	const result: unknown = useActionData()
	if (!result || typeof result !== 'object') return 0
	if (!stamps.has(result)) stamps.set(result, ++lastStamp)
	return stamps.get(result)!
}

type Meta = FieldMetadata<unknown>

/** Conform's ids hold dots for nested names, unusable in CSS selectors and fragile in `aria-describedby`. */
export const domId = (id: string) => id.replace(/\./g, '-')

function idsOf(meta: Meta) {
	const id = domId(meta.id)
	return { id, descriptionId: `${id}-description`, errorId: `${id}-error` }
}

function Describe({ meta, hint }: { meta: Meta; hint?: ReactNode }) {
	const { t } = useTranslation()
	return (
		<>
			{hint ? (
				<div className="field__hint" id={idsOf(meta).descriptionId}>
					{hint}
				</div>
			) : null}
			{/* One message a field, the first; a password's checklist marks every rule missed. */}
			{meta.errors?.length ? (
				<p className="field__error" id={idsOf(meta).errorId}>
					<span className="visually-hidden">{t('fieldError')} </span>
					{meta.errors[0]}
				</p>
			) : null}
		</>
	)
}

type FieldProps = { meta: Meta; label: ReactNode; hint?: ReactNode }
/** The control's own attributes, less those the field sets. */
type Attributes<A> = Omit<A, 'type' | 'name' | 'id' | 'form'>

type FieldShellProps = FieldProps & { className?: string; children: ReactNode }

function FieldShell({ meta, label, hint, className, children }: FieldShellProps) {
	return (
		<div className={`field${meta.errors?.length ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
			<label className="field__label" htmlFor={idsOf(meta).id}>
				{label}
			</label>
			<Describe meta={meta} hint={hint} />
			{children}
		</div>
	)
}

/** The control's id, and the ids of its hint and error. */
function controlIds(meta: Meta, hint?: ReactNode) {
	const { id, descriptionId, errorId } = idsOf(meta)
	const describedBy = [hint ? descriptionId : null, meta.errors?.length ? errorId : null].filter(Boolean).join(' ')
	return { id, 'aria-describedby': describedBy || undefined }
}

type InputType = 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'number'

export function TextField({
	meta,
	label,
	hint,
	type = 'text',
	children,
	className,
	secret = type === 'password',
	...rest
}: FieldProps & {
	type?: InputType
	children?: ReactNode
	/** Never echoed back after a submission (passwords, codes). */
	secret?: boolean
} & Attributes<InputHTMLAttributes<HTMLInputElement>>) {
	const props = getInputProps(meta as FieldMetadata<string>, { type })
	// The server drops secrets; with JS the input is remounted empty.
	const stamp = useActionStamp()
	return (
		<FieldShell meta={meta} label={label} hint={hint} className={className}>
			<input
				{...props}
				defaultValue={secret ? undefined : props.defaultValue}
				{...rest}
				key={secret ? `${props.key ?? ''}-${stamp}` : props.key}
				{...controlIds(meta, hint)}
				className="field__input"
			/>
			{children}
		</FieldShell>
	)
}

/** A box to tick, its label beside it; the error under both. */
export function CheckboxField({ meta, label }: { meta: Meta; label: ReactNode }) {
	const props = getInputProps(meta as FieldMetadata<string>, { type: 'checkbox' })
	const ids = controlIds(meta)
	return (
		<div className={`field field--checkbox${meta.errors?.length ? ' field--error' : ''}`}>
			<input {...props} {...ids} />
			<label className="field__label" htmlFor={ids.id}>
				{label}
			</label>
			<Describe meta={meta} />
		</div>
	)
}

type TextareaFieldProps = FieldProps & Attributes<TextareaHTMLAttributes<HTMLTextAreaElement>>

export function TextareaField({ meta, label, hint, ...rest }: TextareaFieldProps) {
	const props = getTextareaProps(meta as FieldMetadata<string>)
	return (
		<FieldShell meta={meta} label={label} hint={hint}>
			<textarea {...props} {...rest} key={props.key} {...controlIds(meta, hint)} className="field__input" />
		</FieldShell>
	)
}

type SelectFieldProps = FieldProps & {
	options: Array<{ value: string; label: string }>
	placeholder?: string
} & Attributes<SelectHTMLAttributes<HTMLSelectElement>>

export function SelectField({ meta, label, hint, options, placeholder, ...rest }: SelectFieldProps) {
	const props = getSelectProps(meta as FieldMetadata<string>)
	return (
		<FieldShell meta={meta} label={label} hint={hint}>
			<select {...props} {...rest} key={props.key} {...controlIds(meta, hint)} className="field__input field__select">
				{placeholder ? <option value="">{placeholder}</option> : null}
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</FieldShell>
	)
}

/** `errors` stand for conform's when the browser found some first. */
type FileFieldProps = FieldProps & { errors?: string[] } & Attributes<InputHTMLAttributes<HTMLInputElement>>

export function FileField({ meta, label, hint, errors, ...rest }: FileFieldProps) {
	const shown = errors?.length ? ({ id: meta.id, errors } as Meta) : meta
	const props = getInputProps(meta as FieldMetadata<File>, { type: 'file' })
	return (
		<FieldShell meta={shown} label={label} hint={hint}>
			<input
				{...props}
				{...rest}
				key={props.key}
				{...controlIds(shown, hint)}
				className="field__input"
				aria-invalid={shown.errors?.length ? true : undefined}
			/>
		</FieldShell>
	)
}
