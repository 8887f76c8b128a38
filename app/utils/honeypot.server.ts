import { Honeypot } from 'remix-utils/honeypot/server'
import { getConfig } from '#app/config.server'

let honeypot: Honeypot | undefined

function instance() {
	honeypot ??= new Honeypot({
		nameFieldName: 'name__confirm',
		validFromFieldName: 'from__confirm',
		encryptionSeed: getConfig().SESSION_SECRET,
	})
	return honeypot
}

/** Props for <HoneypotProvider>, from the loader of a page with a public form. */
export function getHoneypotInputProps() {
	return instance().getInputProps()
}

/** Throws a 400 Response when a bot filled the trap. Use in public form actions. */
export async function checkHoneypot(formData: FormData) {
	// A timestamp that does not decrypt (bad base64, too short) is a forged trap too, never a 500.
	await instance()
		.check(formData)
		.catch(() => {
			throw new Response('Form not submitted properly', { status: 400 })
		})
}
