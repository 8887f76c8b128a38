import { parse, useForm, type FormMetadata, type Submission, type SubmissionResult } from '@conform-to/react'
import type { i18n } from 'i18next'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useActionData, useNavigation, useRouteLoaderData } from 'react-router'
import type { z } from 'zod'
import { useDismissFlash } from './flash'
import type { validate } from './validate.client'
import type { loader as rootLoader } from '#app/root'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormSchema = z.ZodType<Record<string, any>, Record<string, any>>

/** conform's useForm with the server's zod schema, loaded on first focus or tap (decision 0016). */
export function useAppForm<Schema extends FormSchema>(
	loadSchema: () => Promise<Schema>,
	{
		id,
		lastResult,
		defaultValue,
	}: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: Partial<z.input<Schema>> },
) {
	const { t, i18n } = useTranslation()
	// A draft kept across a sign-in (root loader).
	const draft = useRouteLoaderData<typeof rootLoader>('root')?.draft
	if (draft?.form === id) defaultValue = { ...defaultValue, ...draft.values } as typeof defaultValue
	const validation = useRef<Validation<Schema> | null>(null)
	// Fields left before the schema was there, to check once it is.
	const unchecked = useRef(new Set<string>())
	const typed = useRef(new Set<string>())
	const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
		id,
		lastResult,
		defaultValue: defaultValue as never,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => {
			const untouched = leftUntouched(formData, typed.current)
			if (validation.current && !untouched) return validation.current.validate(formData, validation.current.schema, t)
			const noted = untouched ? new Set<string>() : unchecked.current
			return withoutSchema(formData, noted) as Submission<z.input<Schema>, string[], z.output<Schema>>
		},
	})
	const formRef = useRef(form)
	formRef.current = form
	const loadRef = useRef(loadSchema)
	useEffect(() => {
		let mounted = true
		const load = () =>
			void loadValidation(loadRef.current, i18n).then(
				(loaded) => {
					validation.current = loaded
					if (!mounted) return
					for (const name of unchecked.current) formRef.current.validate(name ? { name } : {})
					unchecked.current.clear()
				},
				// Offline or a failed deploy: the server still validates every submit.
				() => {},
			)
		const element = document.getElementById(id)
		const noteTyped = (event: Event) => {
			const name = (event.target as { name?: unknown } | null)?.name
			if (typeof name === 'string' && name) typed.current.add(name)
		}
		element?.addEventListener('input', noteTyped, true)
		const start = () => {
			stop()
			load()
		}
		const stop = () => FIRST_TOUCH.forEach((type) => element?.removeEventListener(type, start, true))
		if (!element || element.contains(document.activeElement)) load()
		else FIRST_TOUCH.forEach((type) => element.addEventListener(type, start, true))
		return () => {
			mounted = false
			stop()
			element?.removeEventListener('input', noteTyped, true)
		}
	}, [id, i18n])
	useLikeAFreshPage(form)
	return [form, fields] as const
}

type Validation<Schema extends FormSchema> = { schema: Schema; validate: typeof validate }

const FIRST_TOUCH = ['focusin', 'pointerdown'] as const

// Jitless on its own, first: a chunk's imports (the contract's schemas) may run before the chunk's own code.
let zodReady: Promise<unknown> | undefined

function loadValidation<Schema extends FormSchema>(loadSchema: () => Promise<Schema>, i18n: i18n) {
	zodReady ??= import('./zod-jitless.client').catch((error: unknown) => {
		zodReady = undefined // the next form tries again
		throw error
	})
	return zodReady
		.then(() => Promise.all([import('./validate.client'), loadSchema(), i18n.loadNamespaces('validation')]))
		.then(([{ validate }, schema]) => ({ schema, validate }))
}

// A field focused on load and left empty is not "required" on blur; a submit still checks it.
function leftUntouched(formData: FormData, typed: Set<string>) {
	let untouched = false
	parse(formData, {
		resolve: (_payload, intent) => {
			const name = intent?.type === 'validate' ? intent.payload.name : undefined
			untouched = !!name && !typed.has(name) && !formData.getAll(name).some((value) => value !== '')
			return { value: undefined }
		},
	})
	return untouched
}

// Before the schema loads: a submit goes to the server; a field check keeps every error and notes the field.
function withoutSchema(formData: FormData, unchecked: Set<string>) {
	return parse<undefined, string[]>(formData, {
		resolve: (_payload, intent) => {
			if (!intent) {
				unchecked.clear()
				return { value: undefined }
			}
			if (intent.type === 'validate') unchecked.add(intent.payload.name ?? '')
			const kept: Record<string, null> = { '': null }
			for (const name of formData.keys()) {
				// A field and every fieldset around it, e.g. `a.b[0]` and `a`.
				for (let path = name; path; path = path.slice(0, Math.max(path.lastIndexOf('.'), path.lastIndexOf('['), 0)))
					kept[path] = null
			}
			return { error: kept }
		},
	})
}

// Do what a fresh page would without JS: reset after a redirect (secrets included), drop the flash after a failure.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function useLikeAFreshPage(form: FormMetadata<any, string[]>) {
	const navigation = useNavigation()
	const actionData = useActionData()
	const submitted = useRef(false)
	useEffect(() => {
		if (navigation.formMethod && navigation.formMethod !== 'GET') submitted.current = true
		else if (navigation.state === 'idle' && submitted.current) {
			submitted.current = false
			if (actionData === undefined) form.reset()
		}
	}, [navigation, actionData, form])

	const dismissFlash = useDismissFlash()
	// Runs when a submission starts failing, not when a banner arrives.
	useEffect(() => {
		if (form.status === 'error') dismissFlash()
		// eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: only a change of status triggers it
	}, [form.status])
}
