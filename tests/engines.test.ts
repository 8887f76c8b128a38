/**
 * The Node.js that `engines` and the README promise installs every locked package without an engine warning
 * (issue 55, point 25): the lowest version of each range `engines` allows satisfies every package's own `engines`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { expect, test } from 'vitest'
import { projectRoot } from '#tests/setup/processes'

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8')
const ours: string = JSON.parse(read('package.json')).engines.node
const locked: Record<string, { engines?: { node?: string } }> = JSON.parse(read('package-lock.json')).packages
/** The lowest version of each `||` range of ours: 22.22.2 and 24.15.0 for `^22.22.2 || >=24.15.0`. */
const lowest = new semver.Range(ours).set.map((comparators) => semver.minVersion(comparators.join(' '))!.version)

test.each(lowest)('Node %s satisfies every locked package', (version) => {
	const refused = Object.entries(locked)
		.filter(([name, entry]) => name !== '' && entry.engines?.node && !semver.satisfies(version, entry.engines.node))
		.map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')} wants ${entry.engines!.node}`)
	expect(refused).toEqual([])
})

test("the README's requirement names the versions engines allows", () => {
	const requirement = read('README.md').split('## Requirements')[1]!.split('\n## ')[0]!
	for (const version of lowest) expect(requirement).toContain(version.replace(/\.0$/, ''))
})
