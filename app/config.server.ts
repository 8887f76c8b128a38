import { z } from 'zod'

// A bad environment stops the process before it listens, naming every offending variable.
const url = (what: string) =>
	z
		.string({ error: `is required (${what})` })
		.trim()
		.min(1, `is required (${what})`)
		.pipe(z.url({ protocol: /^https?$/, error: `must be an absolute http(s) URL (${what})` }))
		.transform((value) => value.replace(/(?<!\/)\/+$/, ''))

/** A copied example file must not start a portal. */
const PLACEHOLDER_SECRET = 'replace-me-with-64-hex-characters-from-openssl-rand-hex-32'

const secretOf = (what: string) =>
	z
		.string({ error: `is required (${what})` })
		.min(32, 'must be at least 32 characters (generate one with `openssl rand -hex 32`)')
		.refine(
			(value) => value !== PLACEHOLDER_SECRET,
			'is the placeholder from .env.example: generate one with `openssl rand -hex 32`',
		)
const secret = secretOf('signs and encrypts the temporary cookies')

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

const milliseconds = (min: number, max: number, fallback: number) =>
	z.coerce
		.number({ error: 'must be a number of milliseconds' })
		.int()
		.min(min, `must be at least ${min} ms`)
		.max(max, `must be at most ${max} ms`)
		.default(fallback)

const optionalString = z
	.string()
	.trim()
	.optional()
	.transform((value) => (value ? value : undefined))

export const configSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: z.coerce
			.number({ error: 'must be a port number' })
			.int('must be a whole number')
			.min(1, 'must be between 1 and 65535')
			.max(65535, 'must be between 1 and 65535')
			.default(3000),
		API_BASE_URL: url('the partner API base address'),
		API_CLIENT_CREDENTIAL: secretOf("the partner API's credential of this portal"),
		PUBLIC_APP_URL: url('the address partners use to reach this portal'),
		UPLOAD_TMP_URL: url('temporary-file storage address for uploads'),
		SERVICE_LOGO_URL: url('service-logo storage address'),
		CONTACT_EMAIL: z
			.string({ error: 'is required (the address shown on the contact page)' })
			.trim()
			.pipe(z.email({ error: 'must be an email address' })),
		COOKIE_DOMAIN: optionalString.pipe(
			z
				.string()
				.regex(/^[a-z0-9.-]+$/i, 'must be a bare host name such as example.com')
				.optional(),
		),
		COOKIE_PATH: z.string().trim().default('/').pipe(z.string().startsWith('/', 'must start with "/"')),
		COOKIE_MAX_AGE_DAYS: z.coerce
			.number({ error: 'must be a number of days' })
			.int('must be a whole number of days')
			.min(1, 'must be at least 1 day')
			.max(400, 'must be at most 400 days (browsers cap cookie lifetime)')
			.default(31),
		SOURCE_REPOSITORY_URL: url('the public source repository with code examples'),
		SENTRY_DSN: optionalString.pipe(z.url({ error: 'must be a Sentry DSN URL' }).optional()),
		SESSION_SECRET: secret,
		SESSION_SECRET_FALLBACKS: z
			.string()
			.optional()
			.transform((value) =>
				(value ?? '')
					.split(',')
					.map((item) => item.trim())
					.filter(Boolean),
			)
			.pipe(z.array(secret)),
		API_TIMEOUT_MS: milliseconds(100, 120_000, 10_000),
		LOG_LEVEL: z.enum(['silent', 'info', 'debug']).default('info'),
		/** Read by server.mjs: express's `trust proxy` hops. */
		TRUST_PROXY: z.coerce
			.number({ error: 'must be the number of proxies in front (0 when none)' })
			.int()
			.min(0)
			.max(4)
			.default(0),
		/** Read by server.mjs: for load balancers that poll /readyz (Kubernetes waits in preStop instead). */
		SHUTDOWN_DELAY_MS: milliseconds(0, 60_000, 0),
		/** Set by `npm run demo` only: the demo's account and inbox, shown on the sign-in page. */
		DEMO_SIGN_IN: optionalString.pipe(
			z
				.string()
				.regex(/^[^\s@]+@[^\s@]+ \S+ https?:\/\/\S+$/, 'must be "<email> <password> <inbox URL>"')
				.transform((value) => {
					const [email, password, inboxUrl] = value.split(' ') as [string, string, string]
					return { email, password, inboxUrl }
				})
				.optional(),
		),
		SHUTDOWN_TIMEOUT_MS: milliseconds(0, 120_000, 10_000),
	})
	.superRefine((config, ctx) => {
		if (!URL.canParse(config.PUBLIC_APP_URL)) return
		const { protocol, hostname } = new URL(config.PUBLIC_APP_URL)
		if (LOOPBACK_HOSTS.has(hostname)) return
		// A published password on a page others reach would be an open door.
		if (config.DEMO_SIGN_IN) {
			ctx.addIssue({
				code: 'custom',
				path: ['DEMO_SIGN_IN'],
				message: 'is for the demo on this machine only (PUBLIC_APP_URL on localhost, 127.0.0.1 or [::1])',
			})
		}
		if (config.NODE_ENV !== 'production' || protocol === 'https:') return
		ctx.addIssue({
			code: 'custom',
			path: ['PUBLIC_APP_URL'],
			message:
				'must be https with NODE_ENV=production (cookies are marked Secure from it); plain http only on localhost, 127.0.0.1 or [::1]',
		})
	})

export type Config = z.infer<typeof configSchema>

export type ConfigProblem = { variable: string; reason: string }

export function parseConfig(
	env: Record<string, string | undefined>,
): { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] } {
	const result = configSchema.safeParse(env)
	if (result.success) return { ok: true, config: result.data }
	const order = Object.keys(configSchema.shape)
	const problems = result.error.issues
		.map((issue) => ({ variable: String(issue.path[0] ?? '(environment)'), reason: issue.message }))
		.filter((problem, index, all) => all.findIndex((p) => p.variable === problem.variable) === index)
		.sort((a, b) => order.indexOf(a.variable) - order.indexOf(b.variable))
	return { ok: false, problems }
}

export function formatProblems(problems: ConfigProblem[]) {
	return [
		`Invalid configuration: ${problems.length} environment variable(s) need attention.`,
		...problems.map((p) => `  - ${p.variable}: ${p.reason}`),
		'See .env.example for a documented list.',
	].join('\n')
}

let cached: Config | undefined

/** Exits the process (code 78, EX_CONFIG) on failure. */
export function assertConfig(env: Record<string, string | undefined> = process.env): Config {
	if (cached) return cached
	const result = parseConfig(env)
	if (!result.ok) {
		console.error(formatProblems(result.problems))
		process.exit(78)
	}
	cached = result.config
	return cached
}

export function getConfig(): Config {
	return cached ?? assertConfig()
}

/** The first signs and seals; all of them verify and unseal. */
export function sessionSecrets(config: Config = getConfig()): string[] {
	return [config.SESSION_SECRET, ...config.SESSION_SECRET_FALLBACKS]
}

export function usesSecureCookies(config: Config = getConfig()): boolean {
	return config.NODE_ENV === 'production' && config.PUBLIC_APP_URL.startsWith('https:')
}

export function resetConfigForTests(config?: Config) {
	cached = config
}
