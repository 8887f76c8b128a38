import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { apiIssueMessage } from './common'
import { contactMessageBody, guestContactMessageBody } from './contact'
import { createServiceBody } from './services'
import { profileFields } from './users'

const profile = z.object(profileFields).pick({ first_name: true, last_name: true, company_name: true })

const messagesOf = (result: { success: boolean; error?: { issues: Parameters<typeof apiIssueMessage>[0][] } }) =>
	Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), apiIssueMessage(issue)]))

describe('one-line fields refuse control characters; several-line fields keep line breaks', () => {
	const format = 'This field must contain a valid format.'
	test('the contact form: a subject or name with a line break is an injected header, not a subject', () => {
		for (const subject of [
			'Hello\r\nBcc: victim@example.com',
			'Hello\nBcc: x',
			'Tab\there',
			'NUL\u0000',
			'LS\u2028x',
		]) {
			const result = contactMessageBody.safeParse({ subject, message: 'Hi' })
			expect(messagesOf(result), JSON.stringify(subject)).toEqual({ subject: format })
		}
		const guest = guestContactMessageBody.safeParse({
			name: 'Ann\r\nBcc: victim@example.com',
			email: 'ann@example.com',
			subject: 'Hello',
			message: 'Line one\r\nLine two\n\tindented',
		})
		expect(messagesOf(guest)).toEqual({ name: format })
		// A message keeps its lines; a line break at either end of a one-line field is trimmed away.
		expect(contactMessageBody.safeParse({ subject: ' Hello\n', message: 'One\r\nTwo' }).data).toEqual({
			subject: 'Hello',
			message: 'One\r\nTwo',
		})
		expect(messagesOf(contactMessageBody.safeParse({ subject: 'Hi', message: 'Bell\u0007' }))).toEqual({
			message: format,
		})
	})

	test('names of people, companies and services', () => {
		expect(
			messagesOf(profile.safeParse({ first_name: 'A\nB', last_name: 'C\rD', company_name: 'E\u0085F' })),
		).toMatchObject({ first_name: format, last_name: format, company_name: format })
		expect(messagesOf(createServiceBody.safeParse({ name: 'Pay\r\nX', description: 'Two\nlines' }))).toMatchObject({
			name: format,
		})
		expect(messagesOf(createServiceBody.safeParse({ name: 'Pay\r\nX', description: 'Two\nlines' }))).not.toHaveProperty(
			'description',
		)
		// Letters of every script, emoji and their joiners are not control characters.
		expect(profile.safeParse({ first_name: 'Zoë 👩‍💻', last_name: 'Ðặng', company_name: '株式会社' }).success).toBe(true)
	})
})
