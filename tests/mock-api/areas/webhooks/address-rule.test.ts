import { describe, expect, test } from 'vitest'
import { embeddedIpv4, isLoopback, isPrivateAddress, isStandardPort } from './address-rule'

describe('isPrivateAddress', () => {
	test.each([
		['0.0.0.0'],
		['10.1.2.3'],
		['100.64.0.1'],
		['127.0.0.1'],
		['127.255.255.254'],
		['169.254.169.254'],
		['172.16.0.1'],
		['172.31.255.255'],
		['192.168.0.10'],
		['224.0.0.1'],
		['255.255.255.255'],
		['::'],
		['::1'],
		['fc00::1'],
		['fd12:3456::1'],
		['fe80::1'],
		['fe80::1%eth0'],
		['ff02::1'],
	])('%s: refused (private, loopback, link-local, unspecified or multicast)', (address) => {
		expect(isPrivateAddress(address)).toBe(true)
	})

	test.each([
		// IPv4-mapped, dotted and in hex (how the WHATWG URL parser writes [::ffff:127.0.0.1]).
		['::ffff:127.0.0.1'],
		['::ffff:7f00:1'],
		['::FFFF:7F00:0001'],
		['0:0:0:0:0:ffff:a9fe:a9fe'],
		['::ffff:10.0.0.1'],
		// IPv4-compatible (deprecated, ::/96).
		['::7f00:1'],
		['::127.0.0.1'],
		['::a00:1'],
		['::c0a8:1'],
		// IPv4-translated (::ffff:0:0:0/96).
		['::ffff:0:7f00:1'],
		// NAT64, the well-known prefix 64:ff9b::/96, and the local-use prefix 64:ff9b:1::/48 as a whole.
		['64:ff9b::7f00:1'],
		['64:ff9b::127.0.0.1'],
		['64:ff9b::a9fe:a9fe'],
		['64:ff9b:1::808:808'],
		// 6to4, 2002:<IPv4>::/48.
		['2002:7f00:1::'],
		['2002:7f00:1::1'],
		['2002:c0a8:1::5'],
		['2002:a9fe:a9fe:1:2:3:4:5'],
		// Teredo, 2001:0::/32: the server's IPv4, then the client's, each bit inverted, at the end.
		['2001:0:7f00:1::808:808'],
		['2001:0:808:808::80ff:fffe'],
	])('%s: refused (an IPv4 address inside IPv6 is judged as that IPv4 address)', (address) => {
		expect(isPrivateAddress(address)).toBe(true)
	})

	test.each([
		['8.8.8.8'],
		['93.184.215.14'],
		['172.32.0.1'],
		['100.128.0.1'],
		['2606:4700:4700::1111'],
		['2a00:1450:4007:80e::200e'],
		['::ffff:8.8.8.8'],
		['::ffff:808:808'],
		['::808:808'],
		['::ffff:0:808:808'],
		['64:ff9b::808:808'],
		['64:ff9b::8.8.8.8'],
		['2002:808:808::1'],
		['2001:0:808:808::f7f7:f7f7'],
	])('%s: a public address, allowed', (address) => {
		expect(isPrivateAddress(address)).toBe(false)
	})

	test('not an address at all: refused', () => {
		expect(isPrivateAddress('hooks.example')).toBe(true)
		expect(isPrivateAddress('')).toBe(true)
	})
})

describe('embeddedIpv4', () => {
	test('the IPv4 addresses carried by each form; none in a plain IPv6 address', () => {
		expect(embeddedIpv4('::ffff:7f00:1')).toEqual(['127.0.0.1'])
		expect(embeddedIpv4('::7f00:1')).toEqual(['127.0.0.1'])
		expect(embeddedIpv4('64:ff9b::c0a8:101')).toEqual(['192.168.1.1'])
		expect(embeddedIpv4('2002:c0a8:101:5::1')).toEqual(['192.168.1.1'])
		expect(embeddedIpv4('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['65.54.227.120', '192.0.2.45'])
		expect(embeddedIpv4('2606:4700:4700::1111')).toEqual([])
		expect(embeddedIpv4('8.8.8.8')).toEqual([])
	})
})

describe('isLoopback', () => {
	test('127/8, ::1 and 127/8 mapped into IPv6 (dotted or hex); nothing else', () => {
		for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])
			expect(isLoopback(address), address).toBe(true)
		for (const address of ['10.0.0.1', '::', '::ffff:10.0.0.1', '2002:7f00:1::', '8.8.8.8', 'localhost'])
			expect(isLoopback(address), address).toBe(false)
	})
})

describe('isStandardPort', () => {
	test('https on 443 (said or not); http on 80 (said or not)', () => {
		for (const url of [
			'https://hooks.example/partner',
			'https://hooks.example:443/partner',
			'http://hooks.example/partner',
			'http://hooks.example:80/partner',
		])
			expect(isStandardPort(new URL(url)), url).toBe(true)
	})

	test('any other port, including the other scheme’s, is refused', () => {
		for (const url of [
			'https://hooks.example:8443/partner',
			'https://hooks.example:80/partner',
			'https://hooks.example:22/partner',
			'https://hooks.example:6379/partner',
			'https://hooks.example:1/partner',
			'http://hooks.example:443/partner',
			'http://hooks.example:8080/partner',
		])
			expect(isStandardPort(new URL(url)), url).toBe(false)
	})
})
