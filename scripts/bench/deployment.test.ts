import { expect, test } from 'vitest'
import { deploymentMemory, deploymentNodeOptions, imageNodeMajor } from './deployment'

test("the Deployment's NODE_OPTIONS set both heap sizes (the bench runs the portal with them)", () => {
	expect(deploymentNodeOptions()).toMatch(/^--max-old-space-size=\d+ --max-semi-space-size=\d+$/)
})

test("the Deployment's memory request is below its limit, and its old generation below the limit (the bench judges the request)", () => {
	const { request, limit } = deploymentMemory()
	expect(request).toBeLessThan(limit)
	const oldSpaceMb = Number(/--max-old-space-size=(\d+)/.exec(deploymentNodeOptions())?.[1])
	expect(oldSpaceMb * 2 ** 20).toBeLessThan(limit)
})

test("the Docker image's Node.js major is read from the Dockerfile (the bench says when it measures another)", () => {
	expect(imageNodeMajor()).toBeGreaterThanOrEqual(20)
})
