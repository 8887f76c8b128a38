import type { Namespace, TFunction } from 'i18next'
import type { z } from 'zod'
import { issueText } from '#app/api/contract/common'

export function formatIssues(t: TFunction<Namespace>) {
	return (issues: z.core.$ZodIssue[]) =>
		issues.map((issue) => {
			const { key, values } = issueText(issue)
			return t(`validation:${key}`, values)
		})
}
