import { useTranslation } from 'react-i18next'

/** A User-Agent as `readUserAgent` reads it on the server. */
export type ReadableUserAgent = { browser: string | null; system: string | null; other: string | null }

/** "Firefox on Linux" (`onSystem` says it in the page's language), else whichever part is known. */
export function agentName(agent: ReadableUserAgent | null, onSystem: (browser: string, system: string) => string) {
	if (!agent) return null
	if (agent.other) return agent.other
	if (agent.browser && agent.system) return onSystem(agent.browser, agent.system)
	return agent.browser ?? agent.system
}

export function useAgentName() {
	const { t } = useTranslation('common')
	return (agent: ReadableUserAgent | null) =>
		agentName(agent, (browser, system) => t('browserOnSystem', { browser, system }))
}
