import { data, type RouterContextProvider } from 'react-router'
import { SECRET_FIELDS } from '#app/forms/form-id'
import { getT } from '#app/i18n.server'

type Submission = { reply(options: { formErrors: string[]; hideFields: string[] }): unknown }

/** Someone saved first (another tab): both versions go back with a 409, never a silent overwrite. */
export function versionConflict<S extends Submission, C>(
	context: Readonly<RouterContextProvider>,
	submission: S,
	prefix: 'settings' | 'translations',
	conflict: C,
) {
	const result = submission.reply({
		formErrors: [getT(context)(`${prefix}:conflict.summary`)],
		hideFields: SECRET_FIELDS,
	}) as ReturnType<S['reply']>
	return data({ result, conflict }, { status: 409 })
}
