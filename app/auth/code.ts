import { limits } from '#app/api/contract/constants'

/** The digits of a two-step code (zod-free, for the pages; `codeField` checks them). */
export const CODE_DIGITS = limits.twoStepCodeDigits
