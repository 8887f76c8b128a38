import { expect, test } from 'vitest'
import { deploymentNodeOptions, imageNodeMajor } from './deployment'

test("the Deployment's NODE_OPTIONS set both heap sizes (the bench runs the portal with them)", () => {
	expect(deploymentNodeOptions()).toMatch(/^--max-old-space-size=\d+ --max-semi-space-size=\d+$/)
})

test("the Docker image's Node.js major is read from the Dockerfile (the bench says when it measures another)", () => {
	expect(imageNodeMajor()).toBeGreaterThanOrEqual(20)
})
