import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseAllDocuments } from 'yaml'
import { projectRoot } from '#tests/setup/processes'

/** The NODE_OPTIONS of the Deployment (deploy/kubernetes): the portal is measured with the flags it runs with. */
export function deploymentNodeOptions(): string {
	const file = readFileSync(path.join(projectRoot, 'deploy', 'kubernetes', 'deployment.yaml'), 'utf8')
	type Env = Array<{ name: string; value?: string }>
	for (const document of parseAllDocuments(file)) {
		const spec = document.toJS() as { spec?: { template?: { spec?: { containers?: Array<{ env?: Env }> } } } }
		const env = spec.spec?.template?.spec?.containers?.[0]?.env ?? []
		const value = env.find((entry) => entry.name === 'NODE_OPTIONS')?.value
		if (value !== undefined) return value
	}
	return ''
}
