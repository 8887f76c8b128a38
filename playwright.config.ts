import { defineConfig, devices } from '@playwright/test'

/**
 * Every spec runs twice: with JavaScript enabled and disabled. Each worker
 * starts its own mock API and production portal (see e2e/fixtures.ts), so
 * workers never share state or the mock clock.
 *
 * `npm run test:e2e` runs the two browser projects first, then `ops` and `replicas` in a second run with one worker
 * (`--output test-results/once`), whatever the first found: a load test never shares the cores with a 5 s UI
 * expectation. `npx playwright test` alone runs all four projects together.
 */
const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		// Debian's build of Chromium's headless shell (`apt-get install chromium-headless-shell`), what Playwright itself
		// runs for headless tests: a page costs a third of the CPU of the full browser's headless mode, and the suite is
		// CPU-bound (decision 0033). `CHROMIUM_PATH` names another binary.
		executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--disable-dev-shm-usage',
		],
	},
}

/** Specs that run once, in a project of their own, not in both JavaScript projects. */
const ONE_OFF = /(ops|replicas)\.spec\.ts/

export default defineConfig({
	testDir: './e2e',
	outputDir: './test-results',
	fullyParallel: true,
	forbidOnly: true,
	// None, in CI too: a test that fails once fails the run, so a flake shows at once instead of passing as "flaky".
	retries: 0,
	workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
	timeout: 30_000,
	expect: { timeout: 5_000 },
	reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
	use: {
		// Recording a trace costs about 15% of the suite's CPU (every test records, passing ones are thrown away), so
		// CI keeps the screenshot and the portal's log of a failure, and none: rerun the failed test locally, where
		// every failure keeps its trace.
		trace: process.env.CI ? 'off' : 'retain-on-failure',
		screenshot: 'only-on-failure',
		locale: 'en-GB',
		timezoneId: 'Europe/London',
	},
	projects: [
		{ name: 'js-enabled', testIgnore: ONE_OFF, use: { ...chromium, javaScriptEnabled: true } },
		{ name: 'js-disabled', testIgnore: ONE_OFF, use: { ...chromium, javaScriptEnabled: false } },
		// Process-level checks (start-up, logs, error reporting): no browser involved.
		{ name: 'ops', testMatch: /ops\.spec\.ts/ },
		// Three portal processes behind nginx (deploy/nginx), JavaScript on.
		{ name: 'replicas', testMatch: /replicas\.spec\.ts/, use: { ...chromium, javaScriptEnabled: true } },
	],
})
