import { parse, useForm, type FormMetadata, type Submission, type SubmissionResult } from '@conform-to/react'
import type { i18n } from 'i18next'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useActionData, useNavigation, useRouteLoaderData } from 'react-router'
import type { z } from 'zod'
import { useDismissFlash } from './flash'
import type { validate } from './validate.client'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormSchema = z.ZodType<Record<string, any>, Record<string, any>>

/**
 * conform's useForm with the house rules: the same zod schema as the server,
 * en-GB messages from the catalogue, validate a field when it loses focus
 * (unless it was left empty without typing: `leftUntouched`) and re-check it
 * while it is corrected. A draft kept across a sign-in fills the
 * form with the same id.
 *
 * The schema comes from a loader, e.g. `() => import('#app/auth/schemas').then((m) => m.signInSchema)`:
 * zod and the schemas are in no page's first load. They load when the form is
 * first focused or tapped (at once if it already has focus); until then the
 * server validates (a submit goes there; a field left shows no error, and is
 * checked once the schema is there).
 */
export function useAppForm<Schema extends FormSchema>(
	loadSchema: () => Promise<Schema>,
	{
		id,
		lastResult,
		defaultValue,
	}: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: Partial<z.input<Schema>> },
) {
	const { t, i18n } = useTranslation()
	// What the partner typed into this form when their session ended (root loader).
	const draft = (
		useRouteLoaderData('root') as { draft?: { form: string | null; values: Record<string, string> } } | undefined
	)?.draft
	if (draft?.form === id) defaultValue = { ...defaultValue, ...draft.values } as typeof defaultValue
	const validation = useRef<Validation<Schema> | null>(null)
	// Fields left before the schema was there, to check once it is.
	const unchecked = useRef(new Set<string>())
	// Fields the partner has typed into (or changed) since the page opened.
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
			// As without the schema: errors kept; a field left untouched is not noted for a check later either.
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
		// Loaded when the partner first reaches the form, not with the page: a view that never touches the form
		// never downloads zod, and the page is interactive sooner.
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

/** What shows the partner is about to use a form (captured, so any field of it counts). */
const FIRST_TOUCH = ['focusin', 'pointerdown'] as const

/**
 * zod jitless first, on its own: a bundle may run a chunk's imports (e.g. the
 * contract's schemas) before the chunk's own code, so only a module loaded
 * before them all sets it in time. Once for every form.
 */
let zodReady: Promise<unknown> | undefined

/**
 * A form's schema and the validation with it, and the catalogue's words for
 * its messages (`validation`, in no page's first load). Each module loads once
 * (the browser keeps it): the forms that share one, and a page's later visits,
 * share it.
 */
function loadValidation<Schema extends FormSchema>(
	loadSchema: () => Promise<Schema>,
	i18n: i18n,
): Promise<Validation<Schema>> {
	zodReady ??= import('./zod-jitless.client').catch((error: unknown) => {
		zodReady = undefined // the next form tries again
		throw error
	})
	return zodReady
		.then(() => Promise.all([import('./validate.client'), loadSchema(), i18n.loadNamespaces('validation')]))
		.then(([{ validate }, schema]) => ({ schema, validate }))
}

/**
 * A check of one field, as focus leaves it, that the partner has not typed into and left empty: it says nothing
 * (a field that has focus as the page opens, the code of a two-step prompt say, is not "required" because the
 * partner pressed another button first). A submit still checks it.
 */
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

/**
 * conform's submission while the schema is not there: a submit is valid (the
 * server validates it and answers with its errors, so the fields noted so far
 * are forgotten); a check of a field changes no error (each field and the form
 * keep theirs) and notes the field, to check once the schema is there.
 */
function withoutSchema(formData: FormData, unchecked: Set<string>) {
	return parse<undefined, string[]>(formData, {
		resolve: (_payload, intent) => {
			// A submit: the server checks every field, so none is left to check here.
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

/**
 * Without JS every submission loads a fresh page; with JS the page stays, so
 * do what that fresh page would: after a submission that succeeded (the
 * action redirected, leaving no action data) the form is back to its
 * defaults, typed secrets included; after one that failed (in the browser
 * or on the server), a one-time success banner of the root is gone (its
 * loader shows it once; see `FlashProvider`).
 */
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
