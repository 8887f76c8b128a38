/**
 * The bench's API stub, and the mock API it records, in a process of their own (`forkUpstreamStub`): replaying
 * answers is then not work of the process that generates the load and times it. Commands come over IPC.
 */
import { startUpstreamStub } from './upstream-stub'
import { startMockApi } from '#tests/mock-api/server'

type Command = { id: number; method: string; args: unknown[] }

const mock = await startMockApi({ host: '127.0.0.1', port: 0, quiet: true, contactEmail: 'partners@example.com' })
const stub = await startUpstreamStub({ target: mock.url, latencyMs: Number(process.argv[2] ?? 5) })
const send = (message: unknown) => process.send!(message)

process.on('message', (command: Command) => {
	void (async () => {
		let result: unknown
		switch (command.method) {
			case 'replay':
				stub.replay()
				await mock.close()
				break
			case 'setLatency':
				stub.setLatency(command.args[0] as number)
				break
			case 'setServiceCount':
				stub.setServiceCount(command.args[0] as number | null)
				break
			case 'takeCalls':
				result = stub.takeCalls()
				break
			case 'misses':
				result = stub.misses
				break
			case 'recordedJson':
				result = stub.recordedJson(command.args[0] as string)
				break
			case 'close':
				await stub.close()
				send({ id: command.id })
				process.exit(0)
		}
		send({ id: command.id, result })
	})()
})
// The bench stopped (or was stopped) without closing it: nothing is left running.
process.on('disconnect', () => process.exit(0))
send({ ready: { url: stub.url, logoStorageUrl: stub.logoStorageUrl } })
