import { defineConfig, devices } from '@playwright/test'

/**
 * Every spec runs twice: with JavaScript enabled and disabled. Each worker
 * starts its own mock API and production portal (see e2e/fixtures.ts), so
 * workers never share state or the mock clock.
 */
const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
	// In CI one retry, reported as "flaky" in the summary, so a test that loses a race under load does not
	// block a landing; a test that fails twice still fails. Locally none: a flake shows at once.
	retries: process.env.CI ? 1 : 0,
	workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
	timeout: 30_000,
	expect: { timeout: 5_000 },
	reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
	use: {
		// Recording a trace costs about 15% of the suite's CPU, so CI records one for the retry of a failed test;
		// locally (no retries) every failure keeps its trace.
		trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
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
