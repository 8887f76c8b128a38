import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, portalEnv, projectRoot, startPortal, waitForHttp, type PortalProcess } from './processes'

/** Debian's nginx (`apt-get install nginx-light`, as `.ci/run` does); NGINX_PATH names another. */
export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx'

/** `deploy/nginx/portal.conf.template` with its placeholders filled in, as envsubst would. */
export async function portalNginxConf(listen: string, upstreams: readonly string[], accessLog: string) {
	const template = await readFile(path.join(projectRoot, 'deploy', 'nginx', 'portal.conf.template'), 'utf8')
	return template
		.replace('${LISTEN}', listen)
		.replace('${UPSTREAM_SERVERS}', upstreams.map((address) => `server ${address} max_fails=0;`).join('\n\t'))
		.replace('${ACCESS_LOG}', accessLog)
}

export type ReplicaStack = {
	/** The portal as partners reach it: through nginx. */
	url: string
	/** nginx's error log, to attach to a failed test. */
	errorLog: () => Promise<string>
	/** nginx's access log, in the template's format. */
	accessLog: () => Promise<string>
	portals: PortalProcess[]
	/** Which process (0-based) an `X-Served-By` header names. */
	processOf: (servedBy: string | null) => number
	/** Stops process `index` (SIGTERM, as an orchestrator does) and starts it again on the same port. */
	restart: (index: number, env?: Record<string, string>) => Promise<void>
	close: () => Promise<void>
}

/**
 * `count` production portal processes with the same configuration behind
 * nginx (round-robin, no sticky sessions), each answering with the upstream
 * that served it in `X-Served-By` (added by this harness only, never in the
 * deploy configuration).
 */
export async function startReplicaStack({
	count = 3,
	port,
	env,
	accessLog,
}: {
	count?: number
	/** nginx's port (a free one when not given). */
	port?: number
	/** Where nginx writes its access log (a file in its own temporary directory when not given). */
	accessLog?: string
	env: (portalUrl: string) => Record<string, string>
}): Promise<ReplicaStack> {
	const dir = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'))
	accessLog ??= path.join(dir, 'access.log')
	port ??= await freePort()
	const url = `http://127.0.0.1:${port}`
	const ports: number[] = []
	for (let i = 0; i < count; i++) ports.push(await freePort())
	const envFor = (i: number, extra: Record<string, string> = {}) =>
		portalEnv({
			...env(url),
			PORT: String(ports[i]),
			PUBLIC_APP_URL: url,
			TRUST_PROXY: '1',
			SHUTDOWN_DELAY_MS: '1000',
			...extra,
		})
	const portals = await Promise.all(ports.map((_, i) => startPortal({ env: envFor(i) })))
	const upstreams = ports.map((p) => `127.0.0.1:${p}`)
	await writeFile(path.join(dir, 'portal.conf'), await portalNginxConf(`127.0.0.1:${port}`, upstreams, accessLog))
	await writeFile(
		path.join(dir, 'nginx.conf'),
		[
			'worker_processes 1;',
			`pid ${dir}/nginx.pid;`,
			`error_log ${dir}/error.log warn;`,
			'events { worker_connections 1024; }',
			'http {',
			`  access_log ${accessLog};`,
			...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
			'  add_header X-Served-By $upstream_addr always;',
			`  include ${dir}/portal.conf;`,
			'}',
		].join('\n'),
	)
	const nginx: ChildProcess = spawn(NGINX_PATH, ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], {
		stdio: ['ignore', 'ignore', 'pipe'],
	})
	let nginxErrors = ''
	nginx.stderr?.on('data', (chunk: Buffer) => (nginxErrors += chunk.toString('utf8')))
	const stopNginx = () =>
		new Promise<void>((resolve) => {
			if (nginx.exitCode !== null || nginx.signalCode !== null) return resolve()
			nginx.once('exit', () => resolve())
			nginx.kill('SIGQUIT')
		})
	const close = async () => {
		await stopNginx()
		await Promise.all(portals.map((portal) => portal.close()))
		await rm(dir, { recursive: true, force: true })
	}
	try {
		await waitForHttp(`${url}/healthz`, { child: nginx })
	} catch (error) {
		await close()
		throw new Error(`nginx did not start: ${String(error)}\n${nginxErrors}`)
	}
	return {
		url,
		errorLog: () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => ''),
		accessLog: () => readFile(accessLog, 'utf8'),
		portals,
		processOf: (servedBy) => upstreams.indexOf(servedBy?.split(',').at(-1)?.trim() ?? ''),
		restart: async (index, extra) => {
			await portals[index]!.close()
			portals[index] = await startPortal({ env: envFor(index, extra) })
		},
		close,
	}
}
