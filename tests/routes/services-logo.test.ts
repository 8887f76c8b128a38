/**
 * What the logo form answers (moved from e2e/services-logo.spec.ts, issue 53): where it goes back to, each refused
 * file with its message and nothing attached, an API failure, a replaced logo, and the published image written anew.
 */
import i18next from 'i18next'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { logoRules } from '#app/api/contract/images'
import { resetConfigForTests } from '#app/config.server'
import { gifFile, jpegFile, jpegHeader, paddedTo, pngFile, pngThenHtml } from '#tests/mock-api/image-fixtures'
import {
	type RouteBrowser,
	partnerWithService,
	useRouteTestApi,
	type RouteAnswer,
	type RouteModule,
} from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as logo from '#app/routes/services/logo'
import * as logoRemove from '#app/routes/services/logo-remove'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common', 'settings'])
const LOGO = [appLayout, service, logo]
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
const LIST = '/services/manage'
const BOUNDARY = 'LogoBoundary'

// The mock is also the two storages, as in e2e (e2e/fixtures.ts).
const previous = { tmp: process.env.UPLOAD_TMP_URL, logos: process.env.SERVICE_LOGO_URL }
beforeAll(() => {
	process.env.UPLOAD_TMP_URL = `${api.mock.url}/uploads/tmp`
	process.env.SERVICE_LOGO_URL = `${api.mock.url}/uploads/service-logos`
	resetConfigForTests()
})
afterAll(() => {
	process.env.UPLOAD_TMP_URL = previous.tmp
	process.env.SERVICE_LOGO_URL = previous.logos
	resetConfigForTests()
})

let browser: RouteBrowser
let access: string
let serviceId: string
beforeEach(async () => {
	;({ browser, access, serviceId } = await partnerWithService(api))
})

/** The logo form as a browser posts it: the CSRF token, the intent, where to go back to, and the file. */
function upload(redirectTo: string, file: { name: string; type: string; bytes: Uint8Array }) {
	const field = (name: string, value: string) =>
		`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
	const body = Buffer.concat([
		Buffer.from(field('csrf', browser.csrfToken) + field('intent', 'upload') + field('redirect_to', redirectTo)),
		Buffer.from(
			`--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
		),
		Buffer.from(file.bytes),
		Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
	])
	return browser.postRaw(
		LOGO,
		`/services/${serviceId}/manage/logo`,
		{ body: new Uint8Array(body), contentType: `multipart/form-data; boundary=${BOUNDARY}` },
		{ serviceId },
	)
}
const png = () => ({ name: 'logo.png', type: 'image/png', bytes: pngFile(200, 200) })

test('a same-site redirect_to: back there', async () => {
	const { response } = await upload(`/services/${serviceId}/manage`, png())
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toBe(`/services/${serviceId}/manage`)
})

test.each(['https://evil.example/', '//evil.example/x', '/\\evil.example'])(
	'redirect_to %s: to the details instead',
	async (unsafe) => {
		const { response } = await upload(unsafe, png())
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe(`/services/${serviceId}`)
	},
)

test('a refused file: 422, and the form keeps where it was going', async () => {
	const { response, data } = await upload(LIST, { name: 'x.gif', type: 'image/gif', bytes: gifFile() })
	expect(response.status).toBe(422)
	expect(data).toMatchObject({
		result: {
			error: { logo: ['The file type is invalid, it should be one of the following types: jpg, png.'] },
			// The form rendered again posts it with the next attempt.
			initialValue: { redirect_to: LIST },
		},
	})
})

const TYPE = 'The file type is invalid, it should be one of the following types: jpg, png.'
const DIMENSIONS = 'The image should be over 127x127px and under 257x257px.'
const details = () => `/services/${serviceId}`
const attachedLogo = async () =>
	(await api.call('getService', { bearer: access, params: { id: serviceId } })).body.data.logo as { url: string } | null
const logoErrors = (answer: RouteAnswer) =>
	(answer.data as { result: { error: Record<string, string[]> } }).result.error

describe('a refused file: 422 with its message on the field, nothing attached', () => {
	test.each([
		['a GIF', { name: 'logo.gif', type: 'image/gif', bytes: gifFile() }, TYPE],
		['text named .png', { name: 'logo.png', type: 'image/png', bytes: new TextEncoder().encode('not an image') }, TYPE],
		['a PNG signature, then HTML', { name: 'logo.png', type: 'image/png', bytes: pngThenHtml() }, TYPE],
		['a header-only JPEG', { name: 'logo.jpg', type: 'image/jpeg', bytes: jpegHeader(200, 200) }, TYPE],
		// The rule's message, then the size the image has.
		[
			'100×100',
			{ name: 's.png', type: 'image/png', bytes: pngFile(100, 100) },
			`${DIMENSIONS} This image is 100x100px.`,
		],
		[
			'300×300',
			{ name: 'l.png', type: 'image/png', bytes: pngFile(300, 300) },
			`${DIMENSIONS} This image is 300x300px.`,
		],
		[
			'10 MB + 1 byte',
			{ name: 'big.png', type: 'image/png', bytes: paddedTo(pngFile(200, 200), logoRules.maxBytes + 1) },
			'The file must not be greater than 10 MB.',
		],
	])('%s', async (_what, file, message) => {
		const answer = await upload(details(), file)
		expect(answer.error).toBeUndefined()
		expect(answer.response.status).toBe(422)
		expect(logoErrors(answer)).toEqual({ logo: [message] })
		expect(await attachedLogo()).toBeNull()
	})
})

test('the API failing while attaching: 503, "not saved" with a reference, nothing attached', async () => {
	await api.mock.fault({ method: 'PUT', path: `/services/${serviceId}/logo`, status: 500 })
	const answer = await upload(details(), png())
	expect(answer.response.status).toBe(503)
	expect(logoErrors(answer)['']).toEqual([
		t('common:errors.notSaved'),
		t('common:errors.reference', { requestId: answer.response.headers.get('x-request-id') }),
	])
	expect(await attachedLogo()).toBeNull()
})

test('a JPG is a logo too, and replaces the previous one', async () => {
	expect(
		(await upload(details(), { name: 'a.png', type: 'image/png', bytes: pngFile(128, 128) })).response.status,
	).toBe(302)
	const first = (await attachedLogo())!.url
	expect(first).toMatch(/\/uploads\/service-logos\/[0-9a-f-]+\.png$/)
	const { response } = await upload(details(), { name: 'b.jpeg', type: 'image/jpeg', bytes: jpegFile(256, 256) })
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toBe(details())
	const second = (await attachedLogo())!.url
	expect(second).toMatch(/\/uploads\/service-logos\/[0-9a-f-]+\.jpg$/)
	// The logo page shows the new one.
	const page = await browser.get(LOGO, `/services/${serviceId}/manage/logo`, { serviceId })
	expect(page.data).toMatchObject({ service: { logo: { url: second } } })
})

test('the published logo is the image written anew: a script in a comment of the uploaded PNG is not served', async () => {
	const bytes = pngFile(180, 180, { text: '<script>alert(1)</script>' })
	expect(Buffer.from(bytes).toString('latin1')).toContain('<script>')
	expect((await upload(details(), { name: 'logo.png', type: 'image/png', bytes })).response.status).toBe(302)
	const served = await fetch((await attachedLogo())!.url)
	expect(served.status).toBe(200)
	expect(served.headers.get('content-type')).toBe('image/png')
	const body = Buffer.from(await served.arrayBuffer())
	expect(body.equals(Buffer.from(bytes))).toBe(false)
	expect(body.toString('latin1')).not.toContain('<script>')
})

test('opened from another page, the form posts back there: a same-site redirect_to, else the details', async () => {
	const open = (query: string) => browser.get(LOGO, `/services/${serviceId}/manage/logo${query}`, { serviceId })
	expect((await open(`?redirect_to=${encodeURIComponent(LIST)}`)).data).toMatchObject({ redirectTo: LIST })
	expect((await open(`?redirect_to=${encodeURIComponent('https://evil.example/')}`)).data).toMatchObject({
		redirectTo: details(),
	})
	expect((await open('')).data).toMatchObject({ redirectTo: details() })
})

test('removing the logo: with none the page says so; with one it goes, back where it came from or the details, said once', async () => {
	const REMOVE = [appLayout, service, logoRemove]
	const remove = (query: string) => `/services/${serviceId}/manage/logo/remove${query}`
	const settings = `/services/${serviceId}/manage`
	const none = await browser.get(REMOVE, remove(''), { serviceId })
	expect(none.data).toMatchObject({ back: details(), refusals: [t('settings:logo.removeConfirm.none')] })
	expect((await upload(settings, png())).response.status).toBe(302)
	const logoOf = async () =>
		(await api.call('getService', { bearer: access, params: { id: serviceId } })).body.data.logo
	expect(await logoOf()).not.toBeNull()

	const from = `?redirect_to=${encodeURIComponent(settings)}`
	expect((await browser.get(REMOVE, remove(from), { serviceId })).data).toMatchObject({
		back: settings,
		refusals: null,
	})
	const removed = await browser.post(REMOVE, remove(from), {}, { serviceId })
	expect(removed.response.status).toBe(302)
	expect(removed.response.headers.get('location')).toBe(settings)
	const { flash } = (await browser.get([ROOT], '/')).data as { flash: { message: string } }
	expect(flash.message).toBe(t('settings:logo.removed'))
	expect(await logoOf()).toBeNull()
	// Another site as the way back: the details page instead.
	const offsite = await browser.post(
		REMOVE,
		remove(`?redirect_to=${encodeURIComponent('//evil.example/x')}`),
		{},
		{ serviceId },
	)
	expect(offsite.response.headers.get('location')).toBe(details())
})
