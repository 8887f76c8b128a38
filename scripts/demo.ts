/**
 * `npm run demo`: the portal (production build) against the mock partner API,
 * with the demo partner seeded. Builds first when there is no build yet.
 * PORT (default 3000) and MOCK_API_PORT (default 4010) move them; the portal listens on HOST (default
 * 127.0.0.1, unlike `npm start`'s 0.0.0.0: the demo's session secret is public). Any HOST but a loopback address
 * needs a SESSION_SECRET of its own, or the demo refuses to start.
 * `--allow-private-webhooks` lets the mock deliver webhooks to this machine (examples/webhooks/README.md).
 * What partners and services the demo has is kept across restarts in DEMO_STATE; `--fresh` starts from the seed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { MOCK_CLIENT_CREDENTIAL } from '#tests/mock-api/client-credential'
import { startMockApi } from '#tests/mock-api/server'
import { SnapshotError } from '#tests/mock-api/snapshot'
import { DEMO_EMAIL, DEMO_PASSWORD } from '#tests/mock-api/seed'
import { portalEnv, projectRoot, startPortal } from '#tests/setup/processes'

const port = Number(process.env.PORT || 3000)
const mockPort = Number(process.env.MOCK_API_PORT || 4010)
const publicUrl = `http://localhost:${port}`
// This machine only, unless HOST says otherwise. The demo's session secret is published in this file: anyone could
// forge a session with it, so another machine may reach the demo only with a secret of the operator's own.
const DEMO_SESSION_SECRET = 'demo-only-secret-do-not-use-in-production-0123'
const host = process.env.HOST || '127.0.0.1'
const sessionSecret = process.env.SESSION_SECRET || DEMO_SESSION_SECRET
if (!/^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host) && sessionSecret === DEMO_SESSION_SECRET) {
	console.error(
		`npm run demo: HOST=${host} opens the portal to other machines, and the demo's session secret is published ` +
			'(scripts/demo.ts): anyone could forge a session. Set SESSION_SECRET to one of your own ' +
			'(SESSION_SECRET=$(openssl rand -hex 32)), or leave HOST unset to serve this machine only.',
	)
	process.exit(1)
}
const contactEmail = 'partners@example.com'
// The portal's credential, which the mock trusts to tell it where the partner is.
const clientCredential = process.env.API_CLIENT_CREDENTIAL ?? MOCK_CLIENT_CREDENTIAL

/** A taken port said plainly, with the variable that moves it, before anything starts. */
async function refuseTakenPort(portNumber: number, listenHost: string, variable: string) {
	const server = createServer()
	const taken = await new Promise<boolean>((resolve) => {
		server.once('error', () => resolve(true))
		server.listen(portNumber, listenHost, () => server.close(() => resolve(false)))
	})
	if (!taken) return
	console.error(
		`npm run demo: port ${portNumber} on ${listenHost} is taken (another demo, or another program). ` +
			`Stop it, or choose another port: ${variable}=${portNumber + 1} npm run demo`,
	)
	process.exit(1)
}
await refuseTakenPort(port, host, 'PORT')
await refuseTakenPort(mockPort, '127.0.0.1', 'MOCK_API_PORT')

if (!existsSync(path.join(projectRoot, 'build', 'server', 'index.js')) || process.argv.includes('--rebuild')) {
	console.log('Building the portal (first run)…')
	const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' })
	if (build.status !== 0) process.exit(build.status ?? 1)
}

const statePath = path.join(projectRoot, '.cache', 'demo-state.json')
if (process.argv.includes('--fresh')) rmSync(statePath, { force: true })
mkdirSync(path.dirname(statePath), { recursive: true })

const allowPrivateWebhooks = process.argv.includes('--allow-private-webhooks')
const mock = await startMockApi({
	host: '127.0.0.1',
	port: mockPort,
	portalUrl: publicUrl,
	contactEmail,
	quiet: true,
	allowPrivateWebhooks,
	clientCredential,
	snapshot: statePath,
}).catch((error: unknown) => {
	if (!(error instanceof SnapshotError)) throw error
	console.error(
		`npm run demo: the saved demo state cannot be read (${error.message}). npm run demo -- --fresh starts clean.`,
	)
	process.exit(1)
})
const portal = await startPortal({
	env: portalEnv({
		HOST: host,
		PORT: String(port),
		PUBLIC_APP_URL: publicUrl,
		API_BASE_URL: mock.url,
		UPLOAD_TMP_URL: `${mock.url}/uploads/tmp`,
		SERVICE_LOGO_URL: `${mock.url}/uploads/service-logos`,
		CONTACT_EMAIL: contactEmail,
		SESSION_SECRET: sessionSecret,
		API_CLIENT_CREDENTIAL: clientCredential,
		LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
		DEMO_SIGN_IN: `${DEMO_EMAIL} ${DEMO_PASSWORD} ${mock.url}/__mock/inbox`,
	}),
	logFile: path.join(projectRoot, '.cache', 'demo-portal.log'),
}).catch(async (error: unknown) => {
	await mock.close()
	throw error
})

console.log(`
  Partner Portal demo is running.

  Portal    ${publicUrl}
  Mock API  ${mock.url}
  Inbox     ${mock.url}/__mock/inbox   (the emails the mock "sent": links to open, codes)

  Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}
  State     kept in .cache/demo-state.json across restarts (npm run demo -- --fresh starts clean)
${allowPrivateWebhooks ? '\n  Webhooks to this machine: https://<name>.localhost:<port>/… (sent as plain http)\n' : ''}
  Press Ctrl-C to stop.
`)

let stopping = false
async function stop() {
	if (stopping) return
	stopping = true
	await portal.close()
	await mock.close()
	process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
portal.child.on('exit', (code) => {
	if (!stopping) {
		console.error(`The portal stopped unexpectedly (exit code ${code}); see .cache/demo-portal.log`)
		void mock.close().then(() => process.exit(1))
	}
})
