/**
 * Where a webhook may be sent (the real API's rule): never to a private, loopback, link-local, unspecified or
 * multicast address — an IPv4 address carried inside IPv6 judged as that IPv4 address — and only to the standard
 * port of the URL's scheme. `--allow-private-webhooks` lifts both (state.ts, sendOverNetwork).
 * docs/decisions/0015-webhook-deliveries.md, "Where deliveries go".
 */
import net from 'node:net'

const privateIpv4 = new net.BlockList()
for (const [address, prefix] of [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.168.0.0', 16],
	['224.0.0.0', 3],
] as const)
	privateIpv4.addSubnet(address, prefix, 'ipv4')

const privateIpv6 = new net.BlockList()
for (const [address, prefix] of [
	['::', 128],
	['::1', 128],
	['fc00::', 7],
	['fe80::', 10],
	['ff00::', 8],
	// NAT64's local-use prefix (RFC 8215): a network's own translator, wherever it puts the IPv4 address.
	['64:ff9b:1::', 48],
] as const)
	privateIpv6.addSubnet(address, prefix, 'ipv6')

/** An address without its zone (`%eth0`): cut at the first `%`, with no pattern to backtrack. */
const withoutZone = (address: string) => address.split('%', 1)[0]!

/** The eight 16-bit groups of an IPv6 address (one net.isIP calls 6), its zone (`%eth0`) left off. */
function ipv6Groups(address: string): number[] {
	let text = withoutZone(address)
	// A dotted IPv4 tail (::ffff:127.0.0.1) is the last two groups: all after the last colon, matched anchored.
	const quad = text.slice(text.lastIndexOf(':') + 1)
	const dotted = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(quad)
	if (dotted) {
		const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
		text = `${text.slice(0, -quad.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
	}
	const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)))
	const [head = '', tail] = text.split('::')
	if (tail === undefined) return parse(head)
	const left = parse(head)
	const right = parse(tail)
	return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

const dottedQuad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`

/**
 * The IPv4 addresses an IPv6 address carries, in the forms that lead to an IPv4 host: IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96, deprecated), IPv4-translated (::ffff:0:0:0/96), NAT64's well-known
 * prefix (64:ff9b::/96), 6to4 (2002::/16, the IPv4 address right after the prefix) and Teredo (2001::/32, the
 * server's address, then the client's with every bit inverted). None for any other address.
 */
export function embeddedIpv4(address: string): string[] {
	if (net.isIP(address) !== 6) return []
	const g = ipv6Groups(address)
	const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0)
	const last = dottedQuad(g[6]!, g[7]!)
	if (zero(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return [last]
	if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [last]
	if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return [last]
	if (g[0] === 0x2002) return [dottedQuad(g[1]!, g[2]!)]
	if (g[0] === 0x2001 && g[1] === 0) return [dottedQuad(g[2]!, g[3]!), dottedQuad(~g[6]! & 0xffff, ~g[7]! & 0xffff)]
	return []
}

/**
 * Private (RFC 1918, unique local, shared 100.64/10, NAT64 local-use), loopback, link-local, unspecified or
 * multicast; an IPv6 address carrying an IPv4 address (embeddedIpv4) is also judged by that address. Anything
 * that is not an IP address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
	const family = net.isIP(address)
	if (family === 4) return privateIpv4.check(address, 'ipv4')
	if (family !== 6) return true
	if (privateIpv6.check(withoutZone(address), 'ipv6')) return true
	return embeddedIpv4(address).some((ipv4) => privateIpv4.check(ipv4, 'ipv4'))
}

/** 127.0.0.0/8, ::1, and 127.0.0.0/8 mapped into IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1): this machine. */
export function isLoopback(address: string): boolean {
	const family = net.isIP(address)
	if (family === 4) return address.startsWith('127.')
	if (family !== 6) return false
	const g = ipv6Groups(address)
	const zeros = g.slice(0, 5).every((group) => group === 0)
	return (zeros && g[5] === 0 && g[6] === 0 && g[7] === 1) || (zeros && g[5] === 0xffff && g[6]! >> 8 === 127)
}

const STANDARD_PORTS: Record<string, string> = { 'https:': '443', 'http:': '80' }

/** The scheme's standard port: 443 for https (the contract's webhook URLs are https), 80 for http. */
export const standardPort = (url: URL): string | undefined => STANDARD_PORTS[url.protocol]

/** Whether the URL is on its scheme's standard port (a WHATWG URL leaves out a port that is the scheme's default). */
export function isStandardPort(url: URL): boolean {
	const standard = standardPort(url)
	return standard !== undefined && (url.port === '' || url.port === standard)
}
