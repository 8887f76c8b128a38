import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseAllDocuments } from 'yaml'
import { projectRoot } from '#tests/setup/processes'

type Container = {
	env?: Array<{ name: string; value?: string }>
	resources?: { requests?: { memory?: string }; limits?: { memory?: string } }
}
/** The portal's container in the Deployment (deploy/kubernetes). */
function container(): Container {
	const file = readFileSync(path.join(projectRoot, 'deploy', 'kubernetes', 'deployment.yaml'), 'utf8')
	for (const document of parseAllDocuments(file)) {
		const spec = document.toJS() as { kind?: string; spec?: { template?: { spec?: { containers?: Container[] } } } }
		const found = spec.kind === 'Deployment' ? spec.spec?.template?.spec?.containers?.[0] : undefined
		if (found) return found
	}
	throw new Error('deploy/kubernetes/deployment.yaml has no Deployment')
}

/** The Deployment's NODE_OPTIONS: the portal is measured with the flags it runs with. */
export function deploymentNodeOptions(): string {
	return container().env?.find((entry) => entry.name === 'NODE_OPTIONS')?.value ?? ''
}

/** The Deployment's memory request and limit, in bytes (`Mi` quantities). */
export function deploymentMemory(): { request: number; limit: number } {
	const bytes = (quantity: string | undefined) => {
		const mebibytes = /^(\d+)Mi$/.exec(quantity ?? '')?.[1]
		if (!mebibytes) throw new Error(`the Deployment's memory is not in Mi: ${quantity}`)
		return Number(mebibytes) * 2 ** 20
	}
	const { resources } = container()
	return { request: bytes(resources?.requests?.memory), limit: bytes(resources?.limits?.memory) }
}

/** The Node.js major the Docker image runs (`ARG NODE_VERSION` in the Dockerfile), which the Deployment runs too. */
export function imageNodeMajor(): number {
	const dockerfile = readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8')
	const version = /^ARG NODE_VERSION=(\d+)/m.exec(dockerfile)?.[1]
	if (!version) throw new Error('the Dockerfile names no NODE_VERSION')
	return Number(version)
}
