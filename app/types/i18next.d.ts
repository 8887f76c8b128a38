import 'i18next'
import type { defaultNS, Resources } from '#app/locales/index'

// Translation keys typed from the en-GB catalogue (remix-i18next's README, i18next's TypeScript guide): a key that
// is not in the catalogue fails `npm run typecheck`.
declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: typeof defaultNS
		resources: Resources
	}
}
