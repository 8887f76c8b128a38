import { describe, expect, test } from 'vitest'
import { prettyJson } from './pretty-json'

describe('prettyJson', () => {
	test('an object: one member per line, two spaces per level, ": " after each key', () => {
		expect(prettyJson('{"id":"evt_1","type":"ping","data":{"message":"Hi"},"tags":[1,2]}')).toBe(
			[
				'{',
				'  "id": "evt_1",',
				'  "type": "ping",',
				'  "data": {',
				'    "message": "Hi"',
				'  },',
				'  "tags": [',
				'    1,',
				'    2',
				'  ]',
				'}',
			].join('\n'),
		)
	})

	test('the same layout whatever the whitespace it came with', () => {
		const compact = prettyJson('{"a":[{"b":null}]}')
		expect(prettyJson(' {\n\t"a" :\r\n [ { "b" : null } ] }\n')).toBe(compact)
	})

	test('strings, numbers and keys are kept exactly as written', () => {
		const text = '{"big":12345678901234567890,"one":1.0,"exp":1e3,"esc":"a\\"b,c:{d}\\\\","u":"\\u00e9","a":1,"a":2}'
		const pretty = prettyJson(text)!
		for (const token of ['12345678901234567890', '1.0', '1e3', '"a\\"b,c:{d}\\\\"', '"\\u00e9"', '"a": 2']) {
			expect(pretty).toContain(token)
		}
		expect(JSON.parse(pretty)).toEqual(JSON.parse(text))
	})

	test('empty objects and arrays stay on one line; a scalar is itself', () => {
		expect(prettyJson('{"a":{},"b":[ ]}')).toBe('{\n  "a": {},\n  "b": []\n}')
		expect(prettyJson('[]')).toBe('[]')
		expect(prettyJson('"ok"')).toBe('"ok"')
		expect(prettyJson(' 42 ')).toBe('42')
	})

	test('anything that is not JSON is null: plain text, a cut-off body, an empty one', () => {
		expect(prettyJson('ok')).toBeNull()
		expect(prettyJson('Invalid signature.')).toBeNull()
		expect(prettyJson('{"challenge":"abc')).toBeNull()
		expect(prettyJson('')).toBeNull()
		expect(prettyJson('<html></html>')).toBeNull()
	})
})
