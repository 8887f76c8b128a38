import Bowser from 'bowser'
import { clientOriginLimits } from '#app/api/contract/constants'
import type { ReadableUserAgent } from './user-agent'

// "Firefox on Linux", as GitHub's security log shows one; unknown: its first product token.
export function readUserAgent(userAgent: string | null | undefined): ReadableUserAgent | null {
	const text = userAgent?.slice(0, clientOriginLimits.userAgentMax).trim()
	if (!text) return null
	const { browser, os } = Bowser.parse(text)
	if (browser.name || os.name) return { browser: browser.name || null, system: os.name || null, other: null }
	return { browser: null, system: null, other: text.split(' ', 1)[0]!.slice(0, 60) }
}
