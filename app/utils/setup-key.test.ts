import { expect, test } from 'vitest'
import { groupKey } from './setup-key'

test('groups a base32 key by four and drops padding', () => {
	expect(groupKey('JBSWY3DPEHPK3PXPJBSW')).toBe('JBSW Y3DP EHPK 3PXP JBSW')
	expect(groupKey('ABCDEF==')).toBe('ABCD EF')
})
