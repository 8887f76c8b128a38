/**
 * What the translations form answers (moved from e2e/services-translations.spec.ts, issue 53): a half-filled locale
 * and a blank en-GB refused by the server with what was typed kept, a save that fails upstream, and en-GB as the
 * service's own name.
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { newServiceBody } from '#tests/mock-api/helpers'
import { type RouteBrowser, partnerWithService, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as details from '#app/routes/services/details'
import * as translations from '#app/routes/services/translations'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common'])
const SERVICE = [appLayout, service]
const TRANSLATIONS = [...SERVICE, translations]
const REQUIRED = 'This field is required.'
const ENGLISH = { name: 'Ledger Sync Pro', description: 'Keeps every ledger in step, every hour.' }
const FRENCH = { name: 'Synchro Grand Livre', description: 'Garde vos grands livres en phase.' }

type Reply = { result: { error: Record<string, string[]>; initialValue: unknown } }
const reply = (answer: RouteAnswer) => (answer.data as Reply).result
type Saved = { service: { name: string; translations: Array<{ locale: string; name: string; description: string }> } }

let browser: RouteBrowser
let serviceId: string
let version: number
beforeEach(async () => {
	;({ browser, serviceId, version } = await partnerWithService(api))
})

const path = () => `/services/${serviceId}/translations`
/** The form as typed: `texts` by locale, the version the page was opened with. */
const save = (texts: Record<string, { name: string; description: string }>) =>
	browser.post(
		TRANSLATIONS,
		path(),
		{
			version: String(version),
			...Object.fromEntries(
				Object.entries(texts).flatMap(([locale, { name, description }]) => [
					[`translations.${locale}.name`, name],
					[`translations.${locale}.description`, description],
				]),
			),
		},
		{ serviceId },
	)
const puts = async () => (await api.mock.requests()).filter((request) => request.method === 'PUT')
const saved = async () => ((await browser.get(TRANSLATIONS, path(), { serviceId })).data as Saved).service

test('the server refuses a half-filled locale with 400, on its field, and keeps what was typed', async () => {
	await api.mock.clearRequests()
	const answer = await save({
		'en-GB': { name: 'Ledger Sync', description: 'Keeps your ledgers in step.' },
		'it-IT': { name: '', description: 'Tiene i tuoi registri allineati.' },
	})
	expect(answer.response.status).toBe(400)
	expect(reply(answer).error).toEqual({ 'translations.it-IT.name': [REQUIRED] })
	expect(JSON.stringify(reply(answer).initialValue)).toContain('Tiene i tuoi registri allineati.')
	expect(await puts()).toEqual([])
})

test('en-GB is required: both its fields blank are refused with 400, each on its field, the other languages kept', async () => {
	await api.mock.clearRequests()
	const answer = await save({
		'en-GB': { name: '', description: '' },
		'ro-RO': { name: 'Sincronizare registre', description: '' },
		'de-DE': { name: 'Kassenbuch Sync', description: 'Hält Ihre Bücher im Takt.' },
	})
	expect(answer.response.status).toBe(400)
	expect(reply(answer).error).toEqual({
		'translations.en-GB.name': [REQUIRED],
		'translations.en-GB.description': [REQUIRED],
		'translations.ro-RO.description': [REQUIRED],
	})
	expect(JSON.stringify(reply(answer).initialValue)).toContain('Hält Ihre Bücher im Takt.')
	expect(await puts()).toEqual([])
})

test('a save that fails upstream: 503, "not saved", every typed value kept; once the API is back it saves', async () => {
	await api.mock.fault({ method: 'PUT', path: path(), status: 500 })
	const failed = await save({ 'en-GB': ENGLISH, 'fr-FR': FRENCH })
	expect(failed.response.status).toBe(503)
	expect(reply(failed).error['']).toEqual([
		t('common:errors.notSaved'),
		t('common:errors.reference', { requestId: failed.response.headers.get('x-request-id') }),
	])
	const kept = JSON.stringify(reply(failed).initialValue)
	for (const text of [...Object.values(ENGLISH), ...Object.values(FRENCH)]) expect(kept).toContain(text)
	// Nothing saved: en-GB is still the service's own name and description, and there is no French.
	const { name, description } = newServiceBody()
	expect((await saved()).translations).toEqual([{ locale: 'en-GB', name, description }])

	const again = await save({ 'en-GB': ENGLISH, 'fr-FR': FRENCH })
	expect(again.response.status).toBe(302)
	expect(again.response.headers.get('location')).toBe(path())
	expect((await saved()).translations).toEqual(
		expect.arrayContaining([
			expect.objectContaining({ locale: 'en-GB', ...ENGLISH }),
			expect.objectContaining({ locale: 'fr-FR', ...FRENCH }),
		]),
	)
})

test('en-GB is the service’s own name: saving it renames the service', async () => {
	const answer = await save({ 'en-GB': ENGLISH })
	expect(answer.response.status).toBe(302)
	expect(answer.response.headers.get('location')).toBe(path())
	expect(await saved()).toMatchObject({ name: ENGLISH.name, translations: [{ locale: 'en-GB', ...ENGLISH }] })
	const page = await browser.get([...SERVICE, details], `/services/${serviceId}`, { serviceId })
	expect(page.data).toMatchObject({ service: { id: serviceId, name: ENGLISH.name } })
})
