/**
 * What the translations form answers (moved from e2e/services-translations.spec.ts, issue 53): a half-filled locale
 * refused by the server with what was typed kept.
 */
import { beforeEach, expect, test } from 'vitest'
import { newServiceBody, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as translations from '#app/routes/services/translations'

const api = useRouteTestApi()
const TRANSLATIONS = [appLayout, service, translations]

let browser: RouteBrowser
let serviceId: string
let version: number
beforeEach(async () => {
	const email = uniqueEmail()
	await api.createUser({ email })
	const pair = await api.signIn(email)
	;({ id: serviceId, version } = (
		await api.call('createService', { bearer: pair.access, body: newServiceBody() })
	).body.data)
	browser = await RouteBrowser.create()
	await browser.signIn(pair)
})

test('the server refuses a half-filled locale with 400, on its field, and keeps what was typed', async () => {
	const typed = {
		version: String(version),
		'translations.en-GB.name': 'Ledger Sync',
		'translations.en-GB.description': 'Keeps your ledgers in step.',
		'translations.it-IT.name': '',
		'translations.it-IT.description': 'Tiene i tuoi registri allineati.',
	}
	await api.mock.clearRequests()
	const { response, data } = await browser.post(TRANSLATIONS, `/services/${serviceId}/translations`, typed, {
		serviceId,
	})
	expect(response.status).toBe(400)
	const result = (data as { result: { error: Record<string, string[]>; initialValue: unknown } }).result
	expect(result.error).toEqual({ 'translations.it-IT.name': ['This field is required.'] })
	expect(JSON.stringify(result.initialValue)).toContain('Tiene i tuoi registri allineati.')
	expect((await api.mock.requests()).filter((r) => r.method === 'PUT')).toEqual([])
})
