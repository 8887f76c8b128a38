/**
 * Where the logo form goes back to (moved from e2e/services-logo.spec.ts, issue 53): a same-site redirect_to, else
 * the service's details; a refused file keeps where it was going for the next attempt.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { resetConfigForTests } from '#app/config.server'
import { newServiceBody, uniqueEmail } from '#tests/mock-api/helpers'
import { gifFile, pngFile } from '#tests/mock-api/image-fixtures'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as logo from '#app/routes/services/logo'

const api = useRouteTestApi()
const LOGO = [appLayout, service, logo]
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
let serviceId: string
beforeEach(async () => {
	const email = uniqueEmail()
	await api.createUser({ email })
	const pair = await api.signIn(email)
	serviceId = (await api.call('createService', { bearer: pair.access, body: newServiceBody() })).body.data.id
	browser = await RouteBrowser.create()
	await browser.signIn(pair)
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
