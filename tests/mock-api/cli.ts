/**
 * The mock API as a process:
 *   tsx tests/mock-api/cli.ts --port 4010 --host 127.0.0.1 --portal-url http://localhost:3000 \
 *     --contact-email partners@example.com [--snapshot FILE] [--access-ttl 900] [--quiet] [--allow-private-webhooks] \
 *     [--client-credential SECRET] [--allowed-host NAME]…
 */
import { parseArgs } from 'node:util'
import { MOCK_CLIENT_CREDENTIAL } from './client-credential'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed'
import { startMockApi } from './server'

const usage = `Usage: tsx tests/mock-api/cli.ts [options]
  --port N             port (default 4010; 0 = any free port)
  --host HOST          address to listen on (default 127.0.0.1)
  --portal-url URL     the portal's public URL, used in emailed links (default http://localhost:3000)
  --contact-email ADDR where contact messages go (default partners@example.com)
  --snapshot FILE      load state from FILE if present; save it on changes and on exit
  --access-ttl SECONDS access token lifetime (default 900)
  --scrypt-cost N      scrypt N, a power of two (default 16384)
  --quiet              no per-request log lines
  --allow-private-webhooks
                       deliver webhooks to private, loopback and link-local addresses, on any port, too
  --client-credential SECRET
                       the portal's credential: only calls with it set the activity log's origin
                       (default ${MOCK_CLIENT_CREDENTIAL})
  --allowed-host NAME  another Host (name or name:port) to answer besides its own address and localhost; repeatable
  --help`

function fail(message: string): never {
	console.error(`mock-api: ${message}\n\n${usage}`)
	process.exit(2)
}

function positiveInteger(name: string, value: string | undefined, fallback: number, allowZero = false): number {
	if (value === undefined) return fallback
	const number = Number(value)
	if (!Number.isInteger(number) || number < (allowZero ? 0 : 1))
		fail(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer`)
	return number
}

let parsed: ReturnType<typeof parse>
function parse() {
	return parseArgs({
		options: {
			port: { type: 'string' },
			host: { type: 'string' },
			'portal-url': { type: 'string' },
			'contact-email': { type: 'string' },
			snapshot: { type: 'string' },
			'access-ttl': { type: 'string' },
			'scrypt-cost': { type: 'string' },
			quiet: { type: 'boolean' },
			'allow-private-webhooks': { type: 'boolean' },
			'client-credential': { type: 'string' },
			'allowed-host': { type: 'string', multiple: true },
			help: { type: 'boolean' },
		},
		strict: true,
	})
}
try {
	parsed = parse()
} catch (error) {
	fail((error as Error).message)
}
const { values } = parsed
if (values.help) {
	console.log(usage)
	process.exit(0)
}
const portalUrl = values['portal-url'] ?? 'http://localhost:3000'
if (!URL.canParse(portalUrl)) fail('--portal-url must be an absolute URL')
const scryptCost = positiveInteger('scrypt-cost', values['scrypt-cost'], 16_384)
if ((scryptCost & (scryptCost - 1)) !== 0 || scryptCost < 2) fail('--scrypt-cost must be a power of two')

const api = await startMockApi({
	port: positiveInteger('port', values.port, 4010, true),
	host: values.host ?? '127.0.0.1',
	portalUrl,
	contactEmail: values['contact-email'] ?? 'partners@example.com',
	snapshot: values.snapshot,
	accessTtlSeconds: positiveInteger('access-ttl', values['access-ttl'], 900),
	scryptCost,
	quiet: values.quiet ?? false,
	allowPrivateWebhooks: values['allow-private-webhooks'] ?? false,
	clientCredential: values['client-credential'] ?? MOCK_CLIENT_CREDENTIAL,
	allowedHosts: values['allowed-host'] ?? [],
}).catch((error: unknown) => {
	// A snapshot it cannot read, a port in use: one clear line, no stack trace.
	console.error(`mock-api: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
})
console.log(`mock-api listening on ${api.url} (demo: ${DEMO_EMAIL} / ${DEMO_PASSWORD})`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		if (stopping) return
		stopping = true
		api.close().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error('mock-api: close failed', error)
				process.exit(1)
			},
		)
	})
}
