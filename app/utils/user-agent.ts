/**
 * A User-Agent for people, as GitHub's security log shows one: "Firefox on Linux", "Safari on iPhone". Only the
 * browsers and systems a partner is likely to use are named; anything else reads as its first product token, and
 * nothing at all as null. (Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", iOS says "Mac OS X".)
 */
const BROWSERS: Array<[RegExp, string]> = [
	[/\bEdg(e|A|iOS)?\//, 'Edge'],
	[/\b(OPR|Opera)\//, 'Opera'],
	[/\b(Firefox|FxiOS)\//, 'Firefox'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\b(Headless)?(Chrome|CriOS|Chromium)\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: Array<[RegExp, string]> = [
	[/\biPhone\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
]

const find = (list: Array<[RegExp, string]>, text: string) => list.find(([pattern]) => pattern.test(text))?.[1] ?? null

export type ReadableUserAgent = { browser: string | null; system: string | null; other: string | null }

export function readUserAgent(userAgent: string | null): ReadableUserAgent | null {
	const text = userAgent?.trim()
	if (!text) return null
	const browser = find(BROWSERS, text)
	const system = find(SYSTEMS, text)
	return { browser, system, other: browser || system ? null : (text.split(/\s/, 1)[0]!.slice(0, 60) ?? null) }
}
