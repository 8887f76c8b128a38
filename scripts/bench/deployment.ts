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

/** The Node.js major the Docker image runs (`ARG NODE_VERSION` in the Dockerfile), which the Deployment runs too. */
export function imageNodeMajor(): number {
	const dockerfile = readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8')
	const version = /^ARG NODE_VERSION=(\d+)/m.exec(dockerfile)?.[1]
	if (!version) throw new Error('the Dockerfile names no NODE_VERSION')
	return Number(version)
}
