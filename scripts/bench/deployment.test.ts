import { expect, test } from 'vitest'
import { deploymentNodeOptions } from './deployment'

test("the Deployment's NODE_OPTIONS set both heap sizes (the bench runs the portal with them)", () => {
	expect(deploymentNodeOptions()).toMatch(/^--max-old-space-size=\d+ --max-semi-space-size=\d+$/)
})
