import { Honeypot, SpamError } from 'remix-utils/honeypot/server'
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

/** Props for <HoneypotProvider>, rendered by the root loader. */
export function getHoneypotInputProps() {
	return instance().getInputProps()
}

/** Throws a 400 Response when a bot filled the trap. Use in public form actions. */
export async function checkHoneypot(formData: FormData) {
	try {
		await instance().check(formData)
	} catch (error) {
		if (error instanceof SpamError) throw new Response('Form not submitted properly', { status: 400 })
		throw error
	}
}
