import 'i18next'
import type { defaultNS, Resources } from '#app/locales/index'

// A key that is not in the en-GB catalogue fails `npm run typecheck`.
declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: typeof defaultNS
		resources: Resources
	}
}
