/**
 * The store: the mock's JSON state (each collection owned by an area, see
 * areas/index.ts) together with the clock, the request log and the faults.
 * Times are epoch milliseconds of the mock clock.
 */
import { collections } from './areas/index'
import { MockClock } from './clock'
import type { CollectionData } from './collections'

export type MockData = { version: number; clock_offset_ms: number } & CollectionData<typeof collections>

export type RequestLogEntry = {
	method: string
	path: string
	query: string
	status: number
	auth: 'none' | 'access' | 'restricted'
}

export type Fault = {
	method: string
	path: string
	status: number | null
	delay_ms: number
	remaining: number
}

export type StoreConfig = {
	portalUrl: string
	contactEmail: string
	accessTtlSeconds: number
	scryptCost: number
	/** Deliver webhooks to private, loopback and link-local addresses too (`--allow-private-webhooks`). */
	allowPrivateWebhooks?: boolean
}

/**
 * The version written into snapshots; see snapshot.ts for when it changes.
 * 2: services part 2 (domain verification findings, the protection catalogue's keys).
 */
export const DATA_VERSION = 2

/** Every collection empty. */
export function emptyData(): MockData {
	const data = Object.fromEntries(Object.entries(collections).map(([name, collection]) => [name, collection.empty()]))
	return { version: DATA_VERSION, clock_offset_ms: 0, ...(data as CollectionData<typeof collections>) }
}

export class MockStore {
	data: MockData
	readonly clock: MockClock
	requests: RequestLogEntry[] = []
	faults: Fault[] = []
	/** Called after every change worth persisting (the snapshot writer). */
	onChange: () => void = () => {}
	/** A hash of a random password: verified against for unknown emails, so timing matches. */
	dummyHash = ''

	constructor(
		readonly config: StoreConfig,
		private readonly seed: MockData,
		data?: MockData,
	) {
		this.data = structuredClone(data ?? seed)
		this.clock = new MockClock(this.data.clock_offset_ms)
	}

	now() {
		return this.clock.now()
	}

	/** Back to the seed: data, clock, request log and faults. */
	reset() {
		this.data = structuredClone(this.seed)
		this.clock.offsetMs = this.seed.clock_offset_ms
		this.requests = []
		this.faults = []
		this.changed()
	}

	changed() {
		this.data.clock_offset_ms = this.clock.offsetMs
		this.onChange()
	}
}
