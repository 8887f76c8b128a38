import { useTranslation } from 'react-i18next'

/** A User-Agent as `readUserAgent` reads it on the server. */
export type ReadableUserAgent = { browser: string | null; system: string | null; other: string | null }

/** "Firefox on Linux", else whichever part is known. */
export function useAgentName() {
	const { t } = useTranslation('common')
	return (agent: ReadableUserAgent | null): string | null => {
		if (!agent) return null
		if (agent.other) return agent.other
		if (agent.browser && agent.system) return t('browserOnSystem', { browser: agent.browser, system: agent.system })
		return agent.browser ?? agent.system
	}
}
