import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { MOCK_CLIENT_CREDENTIAL } from '../mock-api/client-credential'

export const projectRoot = path.resolve(import.meta.dirname, '..', '..')

/**
 * A TCP port that was free a moment ago on 127.0.0.1, picked at random below
 * Linux's ephemeral range (32768+): servers that bind port 0 (the mock API)
 * can then never be handed the same number before our process binds it.
 */
export async function freePort(): Promise<number> {
	for (let attempt = 0; attempt < 50; attempt++) {
		const port = 20_000 + Math.floor(Math.random() * 12_000)
		const free = await new Promise<boolean>((resolve) => {
			const server = net.createServer()
			server.unref()
			server.once('error', () => resolve(false))
			server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
		})
		if (free) return port
	}
	throw new Error('no free port found')
}

/** Polls `url` until it answers 2xx, or throws after `timeoutMs`. */
export async function waitForHttp(
	url: string,
	{ timeoutMs = 20_000, child }: { timeoutMs?: number; child?: ChildProcess } = {},
) {
	const deadline = Date.now() + timeoutMs
	let lastError: unknown
	while (Date.now() < deadline) {
		if (child && child.exitCode !== null)
			throw new Error(`process exited with code ${child.exitCode} before ${url} answered`)
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(1_000) })
			if (response.ok) return
			lastError = new Error(`status ${response.status}`)
		} catch (error) {
			lastError = error
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`)
}

/** Test/demo values for every required variable; override what a test needs. */
export function portalEnv(overrides: Record<string, string | undefined> = {}): Record<string, string> {
	const base: Record<string, string | undefined> = {
		PATH: process.env.PATH,
		HOME: process.env.HOME,
		NODE_ENV: 'production',
		HOST: '127.0.0.1',
		PORT: '3000',
		API_BASE_URL: 'http://127.0.0.1:4010',
		// The one a mock started without `clientCredential` trusts.
		API_CLIENT_CREDENTIAL: MOCK_CLIENT_CREDENTIAL,
		PUBLIC_APP_URL: 'http://127.0.0.1:3000',
		UPLOAD_TMP_URL: 'http://127.0.0.1:4010/uploads/tmp',
		SERVICE_LOGO_URL: 'http://127.0.0.1:4010/uploads/service-logos',
		CONTACT_EMAIL: 'partners@example.com',
		SOURCE_REPOSITORY_URL: 'https://github.com/example/partner-portal',
		SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
		LOG_LEVEL: 'info',
		...overrides,
	}
	return Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined))
}

export type PortalProcess = { url: string; port: number; child: ChildProcess; close: () => Promise<void> }

/**
 * How the portal's server is started, here, by `npm start`, by the Docker
 * image and by `npm run bench` (`processes.test.ts` holds them to it): with
 * Node's default flags.
 */
export const SERVER_NODE_ARGS = ['--import', './instrument.server.mjs', './server.mjs']

/**
 * Starts the production portal (`build/` must exist) the way `npm start`
 * does, with its output appended to `logFile` when given.
 */
export async function startPortal({
	env,
	cwd = projectRoot,
	logFile,
}: {
	env: Record<string, string>
	cwd?: string
	logFile?: string
}): Promise<PortalProcess> {
	const port = Number(env.PORT)
	const child = spawn(process.execPath, SERVER_NODE_ARGS, {
		cwd,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	if (logFile) {
		await mkdir(path.dirname(logFile), { recursive: true })
		const out = createWriteStream(logFile, { flags: 'a' })
		child.stdout?.pipe(out)
		child.stderr?.pipe(out)
	} else {
		child.stdout?.resume()
		child.stderr?.resume()
	}
	// Our own child must say it is listening: a /healthz answer alone could
	// come from another process that holds the port.
	const listening = new Promise<void>((resolve, reject) => {
		let buffer = ''
		child.stdout?.on('data', (chunk: Buffer) => {
			buffer += chunk.toString('utf8')
			if (buffer.includes('"msg":"listening"')) resolve()
		})
		let errors = ''
		child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-2000)))
		child.once('exit', (code) => reject(new Error(`portal exited with code ${code} before listening:\n${errors}`)))
	})
	listening.catch(() => {}) // awaited below; never an unhandled rejection later
	const url = `http://127.0.0.1:${port}`
	const close = () =>
		new Promise<void>((resolve) => {
			if (child.exitCode !== null) return resolve()
			child.once('exit', () => resolve())
			child.kill('SIGTERM')
			setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
		})
	try {
		await Promise.race([
			listening,
			new Promise((_, reject) =>
				setTimeout(() => reject(new Error('portal did not start within 20 s')), 20_000).unref(),
			),
		])
		await waitForHttp(`${url}/healthz`, { child })
	} catch (error) {
		await close()
		throw error
	}
	return { url, port, child, close }
}

/** The CSRF token of a server-rendered form, as a browser would submit it (entities decoded). */
export function csrfTokenFrom(html: string): string | undefined {
	const raw = /name="csrf" value="([^"]*)"/.exec(html)?.[1]
	return raw
		?.replace(/&quot;/g, '"')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
}

/**
 * Signs in through the portal's own form over HTTP (CSRF token included) and
 * returns the Cookie header a signed-in browser would send.
 */
export async function signInOverHttp(portalUrl: string, email: string, password: string): Promise<string> {
	const page = await fetch(`${portalUrl}/auth/sign-in`)
	const csrfCookie = page.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
	const token = csrfTokenFrom(await page.text()) ?? ''
	const response = await fetch(`${portalUrl}/auth/sign-in`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie, origin: portalUrl },
		body: new URLSearchParams({ email, password, csrf: token }),
	})
	const session = response.headers.getSetCookie().map((c) => c.split(';')[0])
	if (!session.some((c) => c?.startsWith('user.access-token='))) {
		throw new Error(
			`sign-in failed: GET ${page.status} (csrf token ${token ? 'found' : 'missing'}), POST ${response.status}`,
		)
	}
	return [csrfCookie, ...session].join('; ')
}
