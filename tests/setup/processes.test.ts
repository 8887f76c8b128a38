import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot, SERVER_NODE_ARGS } from './processes'

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8')

describe('the server is started the same way everywhere', () => {
	it('by npm start', () => {
		const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
		expect(scripts.start).toBe(`NODE_ENV=production node ${SERVER_NODE_ARGS.join(' ')}`)
	})

	it('by the Docker image', () => {
		expect(read('Dockerfile')).toContain(`CMD ${JSON.stringify(['node', ...SERVER_NODE_ARGS]).replaceAll(',', ', ')}`)
	})

	it('by the runtime image check', () => {
		expect(read('scripts/check-runtime-image.sh')).toContain(`node ${SERVER_NODE_ARGS.join(' ')} >`)
	})
})
