import { describe, expect, test } from 'vitest'
import { logoHint, logoRuleMessage } from './logo'
import { logoMessages } from '#app/api/contract/images'
import i18next from 'i18next'

/** en-GB with the catalogue (`tests/setup/unit-env.ts` initialises i18next). */
const fixedT = i18next.getFixedT('en-GB')

describe('logo messages', () => {
	test.each(['size', 'type', 'dimensions'] as const)('the %s message is the API’s (the spec’s) text', (rule) => {
		expect(logoRuleMessage(rule, fixedT)).toBe(logoMessages[rule])
	})
	test('the spec’s texts', () => {
		expect(logoRuleMessage('type', fixedT)).toBe(
			'The file type is invalid, it should be one of the following types: jpg, png.',
		)
		expect(logoRuleMessage('dimensions', fixedT)).toBe('The image should be over 127x127px and under 257x257px.')
	})
	test('a logo of the wrong dimensions also says what they are', () => {
		expect(logoRuleMessage('dimensions', fixedT, { width: 512, height: 512 })).toBe(
			'The image should be over 127x127px and under 257x257px. This image is 512x512px.',
		)
	})
	test('the hint states the rules', () => {
		expect(logoHint(fixedT)).toBe('A JPG or PNG image of 128x128 to 256x256 pixels, at most 10 MB.')
	})
})
