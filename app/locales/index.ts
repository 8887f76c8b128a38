import type { resources } from './resources.server'

// Spec point 1.
export const defaultLanguage = 'en-GB'
export const supportedLanguages = [defaultLanguage] as const
export const defaultNS = 'common'

// Types only: the browser loads each namespace as a file of its own.
export type Resources = (typeof resources)[typeof defaultLanguage]
export type Namespace = keyof Resources
