/** Hand-made junk for every action's fields: each must be refused with a 4xx or a redirect, never a 5xx. */
export const JUNK_FORM: Record<string, string> = {
	email: 'x'.repeat(5000),
	password: '',
	method: 'sms',
	code: '12ab',
	intent: 'explode',
	country: 'XX',
	locale: 'xx-XX',
	subject: '',
	'first_name[0]': 'nested',
	redirect_to: 'https://evil.example',
}
