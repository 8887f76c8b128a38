import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { PasswordChecklist } from './password-checklist'

/** Each rule's text and its marks, in order. */
function items(html: string) {
	return [...html.matchAll(/<li([^>]*)>(.*?)<\/li>/g)].map(([, attributes, body]) => ({
		text: body!.replace(/<[^<>]*>/g, '').trim(),
		met: /data-met="(\w+)"/.exec(attributes!)?.[1] ?? null,
		missed: /data-missed="true"/.test(attributes!),
	}))
}

const render = (props: { password?: string; errors?: string[] }) =>
	items(renderToStaticMarkup(<PasswordChecklist password={props.password ?? ''} id="c" errors={props.errors} />))

describe('PasswordChecklist', () => {
	test('before anything is typed or posted: the rules, unmarked', () => {
		expect(render({})).toEqual([
			{ text: 'at least 10 characters', met: null, missed: false },
			{ text: 'at least one capital letter', met: null, missed: false },
			{ text: 'at least one number', met: null, missed: false },
			{ text: 'at least one special character, such as ! ? # or %', met: null, missed: false },
		])
	})

	test('without JS, after a failed post: the field errors mark the missed rules, the others met', () => {
		const marks = render({
			errors: ['This field must contain at least a capital letter.', 'This field must be at least 10 characters.'],
		})
		expect(marks.map(({ met, missed }) => [met, missed])).toEqual([
			['false', true],
			['false', true],
			['true', false],
			['true', false],
		])
		expect(marks[0]!.text).toBe('at least 10 characters (not yet)')
		expect(marks[2]!.text).toBe('at least one number (done)')
	})

	test('an error that is no rule (the field left empty) marks nothing', () => {
		expect(render({ errors: ['This field is required.'] }).every(({ met }) => met === null)).toBe(true)
	})

	test('with JS, what is typed decides, whatever the errors say', () => {
		const marks = render({ password: 'Abcdefghij1!', errors: ['This field must contain at least a number.'] })
		expect(marks.map(({ met, missed }) => [met, missed])).toEqual([
			['true', false],
			['true', false],
			['true', false],
			['true', false],
		])
	})
})
