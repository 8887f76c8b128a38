/**
 * A proxy in front of the partner API that holds every call for a fixed time
 * and records when each started and ended, and the rounds those calls make: a
 * call that started only after another had ended waited for it (a round
 * more); calls that overlap share a round. A page whose calls all start when
 * the request arrives makes one round, however many calls it makes.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { endpoints, type EndpointName } from '#app/api/contract/endpoints'

const endpointPatterns = Object.entries(endpoints).map(([name, endpoint]) => ({
	name: name as EndpointName,
	method: endpoint.method as string,
	pattern: new RegExp(`^${endpoint.path.replace(/\{[^{}]+\}/g, '[^/]+')}$`),
}))

/** The contract's name of a call (what the bench's "API calls per page view" line and the rounds test name). */
export function endpointName(method: string, pathname: string) {
	return endpointPatterns.find((e) => e.method === method && e.pattern.test(pathname))?.name ?? `${method} ${pathname}`
}

export type TimedCall = { endpoint: string; start: number; end: number }

/** The number of sequential rounds of `calls`: the longest chain of calls each started after the previous ended. */
export function apiRounds(calls: readonly TimedCall[]): number {
	const sorted = [...calls].sort((a, b) => a.start - b.start)
	const round: number[] = []
	sorted.forEach((call, i) => {
		let depth = 1
		for (let j = 0; j < i; j++) if (sorted[j]!.end <= call.start) depth = Math.max(depth, round[j]! + 1)
		round.push(depth)
	})
	return Math.max(0, ...round)
}

export async function startDelayingProxy({ target, delayMs }: { target: string; delayMs: number }) {
	let calls: TimedCall[] = []
	const server = http.createServer((request, response) => {
		const start = performance.now()
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => {
			const method = request.method ?? 'GET'
			const headers = { ...request.headers, host: new URL(target).host }
			const body = Buffer.concat(chunks)
			setTimeout(() => {
				const upstream = http.request(`${target}${request.url ?? '/'}`, { method, headers }, (answer) => {
					response.writeHead(answer.statusCode ?? 502, answer.headers)
					answer.pipe(response)
					answer.on('end', () => {
						const pathname = new URL(request.url ?? '/', 'http://proxy').pathname
						calls.push({ endpoint: endpointName(method, pathname), start, end: performance.now() })
					})
				})
				upstream.on('error', () => response.destroy())
				upstream.end(body)
			}, delayMs)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		/** The calls that ended since the last `takeCalls`. */
		takeCalls() {
			const taken = calls
			calls = []
			return taken
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}
