import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { freePort, portalEnv, projectRoot, startPortal } from '#tests/setup/processes'
import { apiRounds, startDelayingProxy } from '#tests/setup/api-rounds'
import { expect, test } from './fixtures'
import { createPartner, signInOverHttp } from './utils/auth'
import { createFormTokens, postCreate, serviceIdOf } from './utils/services'

type ManifestRoute = {
	id: string
	parentId?: string
	path?: string
	index?: boolean
	hasLoader: boolean
	hasDefaultExport: boolean
}

/** Every page of the signed-in group in the built client manifest: a page added tomorrow is measured the day it is built. */
function signedInPages(): string[] {
	const assets = path.join(projectRoot, 'build', 'client', 'assets')
	const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name))
	if (!file) throw new Error('no route manifest in build/client/assets: run the build first')
	const source = readFileSync(path.join(assets, file), 'utf8')
	const routes = (
		JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
			routes: Record<string, ManifestRoute>
		}
	).routes
	const chain = (route: ManifestRoute): ManifestRoute[] =>
		route.parentId ? [...chain(routes[route.parentId]!), route] : [route]
	return Object.values(routes)
		.filter((route) => route.hasDefaultExport && (route.path !== undefined || route.index))
		.map(chain)
		.filter((ancestors) => ancestors.some((r) => r.id === 'routes/_app'))
		.map((ancestors) =>
			ancestors
				.map((r) => r.path)
				.filter(Boolean)
				.join('/'),
		)
}

/** What each call of the partner API waits at the proxy: far above the machine's own noise. */
const DELAY_MS = 100

test('every signed-in page (and its data request) starts all its partner API calls in one round', async ({
	stack,
	mock,
	playwright,
}) => {
	test.setTimeout(120_000)
	const proxy = await startDelayingProxy({ target: stack.mockUrl, delayMs: DELAY_MS })
	const port = await freePort()
	const portal = await startPortal({
		env: portalEnv({ PORT: String(port), API_BASE_URL: proxy.url, PUBLIC_APP_URL: `http://127.0.0.1:${port}` }),
	})
	const request = await playwright.request.newContext({ baseURL: portal.url })
	try {
		const partner = await createPartner(mock)
		await signInOverHttp(request, portal.url, partner.email, partner.password)
		const serviceId = serviceIdOf(await postCreate(request, portal.url, await createFormTokens(request)))
		const params: Record<string, string> = {
			serviceId,
			deliveryId: 'delivery-1',
			checkId: 'check-1',
			secretId: 'secret-1',
		}
		const pages = signedInPages()
		expect(pages).toEqual(
			expect.arrayContaining(['', 'services/manage', 'services/:serviceId', 'me/manage/general/personal-details']),
		)
		const measured: string[] = []
		for (const pattern of pages) {
			const url = '/' + pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!))
			for (const target of [url, url === '/' ? '/_.data' : `${url}.data`]) {
				proxy.takeCalls()
				const response = await request.get(target, { maxRedirects: 0 })
				expect([200, 404], `${target} → ${response.status()}`).toContain(response.status())
				const calls = proxy.takeCalls()
				const rounds = apiRounds(calls)
				measured.push(`${target}: ${calls.length} calls, ${rounds} round(s)`)
				expect(calls.length, target).toBeGreaterThan(0)
				expect(rounds, `${target}: ${calls.map((call) => call.endpoint).join(', ')}`).toBe(1)
			}
		}
		test.info().annotations.push({ type: 'rounds', description: measured.join('; ') })
	} finally {
		await request.dispose()
		await portal.close()
		await proxy.close()
	}
})
