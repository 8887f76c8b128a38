/**
 * Snapshots: the JSON state on disk. A snapshot carries `version`
 * (DATA_VERSION when written). Loading it:
 * - a collection the snapshot lacks (added to an area after it was written) starts empty;
 * - a collection this mock does not know (written by a newer mock) is dropped, and named in `dropped`;
 * - a newer `version` (an existing collection changed shape), or anything that is not a mock
 *   snapshot, is refused with a SnapshotError that says why.
 * - an older `version` is migrated record by record (MIGRATIONS), then loads as current.
 * Change DATA_VERSION only when an existing collection's records change shape (and add the migration from the
 * previous version); a new collection needs no bump.
 */
import { readFile } from 'node:fs/promises'
import { collections } from './areas/index'
import { migrateServicesFromV1 } from './areas/service-sections/state'
import { DATA_VERSION, emptyData, type MockData } from './store'

export class SnapshotError extends Error {}

/** MIGRATIONS[n] brings the data of version n to version n + 1 (in place). */
const MIGRATIONS: Record<number, (data: Record<string, unknown>) => void> = {
	1: (data) => {
		if (Array.isArray(data.services)) migrateServicesFromV1(data.services)
	},
}

export type LoadedSnapshot = { data: MockData; dropped: string[] }

export function parseSnapshot(text: string): LoadedSnapshot {
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch (error) {
		throw new SnapshotError(`not JSON (${(error as Error).message})`)
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SnapshotError('not a JSON object')
	const { version, clock_offset_ms: clockOffset = 0, ...rest } = value as Record<string, unknown>
	if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
		throw new SnapshotError('no "version": not a mock API snapshot')
	if (version > DATA_VERSION)
		throw new SnapshotError(`version ${version} is newer than this mock's ${DATA_VERSION}; delete the file or update`)
	if (typeof clockOffset !== 'number' || !Number.isFinite(clockOffset))
		throw new SnapshotError('"clock_offset_ms" is not a number')
	const data: Record<string, unknown> = { ...emptyData(), clock_offset_ms: clockOffset }
	const dropped: string[] = []
	for (const [name, stored] of Object.entries(rest)) {
		if (!Object.hasOwn(collections, name)) {
			dropped.push(name)
			continue
		}
		const collection = collections[name as keyof typeof collections]
		if (!collection.shape.safeParse(stored).success)
			throw new SnapshotError(`"${name}" is not a ${Array.isArray(collection.empty()) ? 'list' : 'table'} of records`)
		data[name] = stored
	}
	for (let from = version; from < DATA_VERSION; from++) MIGRATIONS[from]?.(data)
	return { data: data as MockData, dropped }
}

/**
 * The state in `file`, or undefined when there is no file yet. Unknown
 * collections are named in one `log` line; anything unreadable is a SnapshotError naming the file.
 */
export async function loadSnapshotFile(file: string, log: (line: string) => void): Promise<MockData | undefined> {
	let text: string
	try {
		text = await readFile(file, 'utf8')
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
		throw new SnapshotError(`${file}: cannot be read (${(error as Error).message})`)
	}
	try {
		const { data, dropped } = parseSnapshot(text)
		if (dropped.length) log(`mock-api: ${file}: dropped unknown collections ${dropped.join(', ')}`)
		return data
	} catch (error) {
		throw error instanceof SnapshotError ? new SnapshotError(`${file}: ${error.message}`) : error
	}
}
