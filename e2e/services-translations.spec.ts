import type { Page, Response } from '@playwright/test'
import { createFormTokens, postNameAndCategory, SERVICE, sectionLink } from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'

const REQUIRED = 'This field is required.'
const CONFLICT = 'This service was changed elsewhere'

/** Every locale as the page names it, in the contract's order. */
const LANGUAGES = {
	'en-GB': 'English (en-GB)',
	'ro-RO': 'Română (ro-RO)',
	'pt-BR': 'Português (pt-BR)',
	'it-IT': 'Italiano (it-IT)',
	'fr-FR': 'Français (fr-FR)',
	'es-ES': 'Español (es-ES)',
	'de-DE': 'Deutsch (de-DE)',
} as const
type Locale = keyof typeof LANGUAGES
const LOCALES = Object.keys(LANGUAGES) as Locale[]

const OPTIONAL: Locale[] = LOCALES.filter((locale) => locale !== 'en-GB')

const FRENCH = { name: 'Synchro Grand Livre', description: 'Garde vos grands livres en phase.' }
const ENGLISH = { name: 'Ledger Sync Pro', description: 'Keeps every ledger in step, every hour.' }
const BLANK = { name: '', description: '' }

const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })
const statusRegion = (page: Page) => page.getByRole('region', { name: 'Translation status' })
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save translations' })
/** A locale's fieldset, named by its legend ("Français (fr-FR) (optional) Not translated"); only when shown. */
const group = (page: Page, locale: Locale) => page.getByRole('group', { name: LANGUAGES[locale] })
/** The disclosure that holds the languages not started yet (a native `<details>`, named by its summary). */
const addLanguage = (page: Page) => page.getByRole('group', { name: 'Add a language', exact: true })
const nameField = (page: Page, locale: Locale) => page.getByLabel(`Name in ${LANGUAGES[locale]}`, { exact: true })
const descriptionField = (page: Page, locale: Locale) =>
	page.getByLabel(`Description in ${LANGUAGES[locale]}`, { exact: true })

/** The answer to the form post (a document POST with JS off, a `.data` POST with JS on). */
function formPost(page: Page, path: string) {
	return page.waitForResponse(
		(response: Response) =>
			response.request().method() === 'POST' && new URL(response.url()).pathname.replace(/\.data$/, '') === path,
	)
}

/**
 * A new service of the signed-in partner (the create form over HTTP): a name and a category, so no description and
 * no English translation yet. Answers its details path.
 */
async function createService(page: Page, baseURL: string) {
	const request = page.context().request
	return postNameAndCategory(request, baseURL, await createFormTokens(request))
}

/** Opens or closes "Add a language" with a click on its summary, as a partner does (no script needed). */
async function toggleAddLanguage(page: Page, open: boolean) {
	await expect(addLanguage(page)).toHaveJSProperty('open', !open)
	await addLanguage(page).getByText('Add a language', { exact: true }).click()
	await expect(addLanguage(page)).toHaveJSProperty('open', open)
}

async function fill(page: Page, locale: Locale, values: { name: string; description: string }) {
	await nameField(page, locale).fill(values.name)
	await descriptionField(page, locale).fill(values.description)
}

async function expectValues(page: Page, locale: Locale, values: { name: string; description: string }) {
	await expect(nameField(page, locale)).toHaveValue(values.name)
	await expect(descriptionField(page, locale)).toHaveValue(values.description)
}

const list = (locales: Locale[]) => locales.map((locale) => LANGUAGES[locale]).join(', ')

/**
 * Where the translations stand once `translated` are saved: the status lines at the top (only en-GB, unsaved, is
 * "Missing"); en-GB and the translated languages shown as fieldsets, the others inside "Add a language" (open or
 * closed as `addLanguageOpen` says), each tagged "Not translated" in a neutral tag, never the red "Missing".
 */
async function expectStatus(page: Page, translated: Locale[], { addLanguageOpen = false } = {}) {
	const saved = LOCALES.filter((locale) => translated.includes(locale))
	const notTranslated = OPTIONAL.filter((locale) => !translated.includes(locale))
	const lines = [
		...(saved.includes('en-GB') ? [] : [`Missing (required): ${LANGUAGES['en-GB']}`]),
		...(saved.length ? [`Translated: ${list(saved)}`] : []),
		...(notTranslated.length ? [`Not translated (optional): ${list(notTranslated)}`] : []),
	]
	if (notTranslated.length || !saved.includes('en-GB'))
		await expect(statusRegion(page).getByRole('listitem')).toHaveText(lines)
	else await expect(statusRegion(page).getByText('Every language is translated.', { exact: true })).toBeVisible()

	for (const locale of LOCALES) {
		const inAddLanguage = notTranslated.includes(locale)
		const legend = page.getByRole('group', { name: LANGUAGES[locale], includeHidden: true }).locator('legend')
		await expect(legend.getByText('Missing', { exact: true })).toHaveCount(
			locale === 'en-GB' && !saved.includes(locale) ? 1 : 0,
		)
		const neutral = legend.getByText('Not translated', { exact: true })
		await expect(neutral).toHaveCount(inAddLanguage ? 1 : 0)
		if (inAddLanguage) await expect(neutral).not.toHaveClass(/attention/)
		await expect(addLanguage(page).getByRole('group', { name: LANGUAGES[locale], includeHidden: true })).toHaveCount(
			inAddLanguage ? 1 : 0,
		)
		if (inAddLanguage && !addLanguageOpen) await expect(group(page, locale)).toBeHidden()
		else await expect(group(page, locale)).toBeVisible()
	}
	if (notTranslated.length) await expect(addLanguage(page)).toHaveJSProperty('open', addLanguageOpen)
	else await expect(addLanguage(page)).toHaveCount(0)
}

test('the details page leads to the translations; languages not started wait behind "Add a language" until saved', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const details = await createService(page, baseURL!)
	const translations = `${details}/translations`
	await page.goto(details)
	await expect(sectionLink(page, 'Translations')).toHaveAccessibleDescription('No translations yet.')
	await sectionLink(page, 'Translations').click()

	await expect(page).toHaveURL(translations)
	await expect(page.getByRole('heading', { level: 1, name: `Translations: ${SERVICE.name}` })).toBeVisible()
	await expect(page).toHaveTitle(`Translations: ${SERVICE.name} – Partner Portal`)
	// Nothing saved yet: only en-GB is shown, flagged missing; the six optional languages are behind a closed
	// "Add a language", not translated (and not flagged as missing).
	await expectStatus(page, [])
	await expect(group(page, 'en-GB')).toHaveAccessibleName(`${LANGUAGES['en-GB']} (required) Missing`)
	// en-GB is the service's own name and description: the name is there, the description is what it lacks.
	await expectValues(page, 'en-GB', { name: SERVICE.name, description: '' })
	await expect(group(page, 'en-GB')).toContainText('Your service has no description yet')
	await expectAccessible(page, testInfo)

	await toggleAddLanguage(page, true)
	// One fieldset per optional language, in the contract's order.
	await expect(addLanguage(page).locator('fieldset legend')).toHaveText(
		OPTIONAL.map((locale) => `${LANGUAGES[locale]} (optional) Not translated`),
	)
	await expect(group(page, 'fr-FR')).toHaveAccessibleName(`${LANGUAGES['fr-FR']} (optional) Not translated`)
	await expectValues(page, 'fr-FR', BLANK)
	await expectStatus(page, [], { addLanguageOpen: true })
	await expectAccessible(page, testInfo)

	// The English description and one language filled; the other blank ones are left out.
	await descriptionField(page, 'en-GB').fill(SERVICE.description)
	await fill(page, 'fr-FR', FRENCH)
	await saveButton(page).click()

	await expect(page).toHaveURL(translations)
	await expect(page.getByText('Translations saved.')).toBeVisible()
	// French is now a started language, shown next to English; the five others are behind "Add a language" again.
	await expectStatus(page, ['en-GB', 'fr-FR'])
	await expect(group(page, 'fr-FR')).toHaveAccessibleName(`${LANGUAGES['fr-FR']} (optional)`)
	await expect(group(page, 'en-GB')).toHaveAccessibleName(`${LANGUAGES['en-GB']} (required)`)
	await expectValues(page, 'en-GB', SERVICE)
	await expectValues(page, 'fr-FR', FRENCH)
	await expectAccessible(page, testInfo)

	await page.reload()
	await expect(page.getByText('Translations saved.')).toHaveCount(0)
	await expectStatus(page, ['en-GB', 'fr-FR'])
	await expectValues(page, 'en-GB', SERVICE)
	await expectValues(page, 'fr-FR', FRENCH)

	await page.getByRole('link', { name: `Back to ${SERVICE.name}` }).click()
	await expect(page).toHaveURL(details)
	// French only: the English text is the service's own, not a translation (issue 55, point 16).
	await expect(sectionLink(page, 'Translations')).toHaveAccessibleDescription('1 translation.')

	// Both fields of a started language blanked: it is not translated any more, and goes back behind "Add a language".
	await sectionLink(page, 'Translations').click()
	await fill(page, 'fr-FR', BLANK)
	// Leaving the field re-checks the pair (the name, checked alone, was required): done before the click, so the
	// message it removes does not move the button away under the pointer.
	await descriptionField(page, 'fr-FR').blur()
	await saveButton(page).click()
	await expect(page.getByText('Translations saved.')).toBeVisible()
	await expectStatus(page, ['en-GB'])
})

test('en-GB is required and a half-filled locale needs both fields; the summary links to them and keeps what was typed', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const details = await createService(page, baseURL!)
	await page.goto(`${details}/translations`)
	await toggleAddLanguage(page, true)
	await fill(page, 'en-GB', BLANK)
	await nameField(page, 'ro-RO').fill('Sincronizare registre')
	await fill(page, 'de-DE', { name: 'Kassenbuch Sync', description: 'Hält Ihre Bücher im Takt.' })
	await saveButton(page).click()

	const errors = summary(page)
	await expect(errors).toBeVisible()
	await expect(errors.getByRole('link')).toHaveText([
		`Name in English (en-GB): ${REQUIRED}`,
		`Description in English (en-GB): ${REQUIRED}`,
		`Description in Română (ro-RO): ${REQUIRED}`,
	])
	// "Add a language" is open (never an error or typed text out of sight), and each message leads to its field,
	// which says what is wrong.
	await expectStatus(page, [], { addLanguageOpen: true })
	for (const [name, field] of [
		[`Name in English (en-GB): ${REQUIRED}`, nameField(page, 'en-GB')],
		[`Description in English (en-GB): ${REQUIRED}`, descriptionField(page, 'en-GB')],
		[`Description in Română (ro-RO): ${REQUIRED}`, descriptionField(page, 'ro-RO')],
	] as const) {
		const id = await field.getAttribute('id')
		expect(id).not.toContain('.')
		await expect(errors.getByRole('link', { name })).toHaveAttribute('href', `#${id}`)
		await expect(field).toBeVisible()
		await expect(field).toHaveAccessibleDescription(`Error: ${REQUIRED}`)
		await expect(field).toHaveAttribute('aria-invalid', 'true')
	}
	await expect(nameField(page, 'ro-RO')).not.toHaveAttribute('aria-invalid', 'true')
	if (!jsDisabled(testInfo)) {
		await errors.getByRole('link', { name: `Description in Română (ro-RO): ${REQUIRED}` }).click()
		await expect(descriptionField(page, 'ro-RO')).toBeFocused()
		// Even when the partner closes "Add a language", the summary's link opens it again to reach the field.
		await toggleAddLanguage(page, false)
		await expect(descriptionField(page, 'ro-RO')).toBeHidden()
		await errors.getByRole('link', { name: `Description in Română (ro-RO): ${REQUIRED}` }).click()
		await expect(descriptionField(page, 'ro-RO')).toBeFocused()
		await expect(addLanguage(page)).toHaveJSProperty('open', true)
	}
	// What was typed is still there; nothing was saved.
	await expectValues(page, 'en-GB', BLANK)
	await expectValues(page, 'ro-RO', { name: 'Sincronizare registre', description: '' })
	await expectValues(page, 'de-DE', { name: 'Kassenbuch Sync', description: 'Hält Ihre Bücher im Takt.' })
	await expectAccessible(page, testInfo)

	// Corrected, the same form saves all three.
	await fill(page, 'en-GB', SERVICE)
	await descriptionField(page, 'ro-RO').fill('Vă ține registrele la zi.')
	await saveButton(page).click()
	await expect(page.getByText('Translations saved.')).toBeVisible()
	await expectStatus(page, ['en-GB', 'ro-RO', 'de-DE'])
	await expectValues(page, 'ro-RO', { name: 'Sincronizare registre', description: 'Vă ține registrele la zi.' })
})

// The server's 400s (a half-filled locale, a blank en-GB) with what was typed kept, a save that fails upstream and
// en-GB renaming the service: tests/routes/services-translations.test.ts.

test('every locale’s fields are marked with its language', async ({ page, partner: _signedIn, baseURL }) => {
	const details = await createService(page, baseURL!)
	await page.goto(`${details}/translations`)
	await toggleAddLanguage(page, true)
	for (const locale of LOCALES) {
		await expect(nameField(page, locale)).toHaveAttribute('lang', locale)
		await expect(descriptionField(page, locale)).toHaveAttribute('lang', locale)
		// The language's own name is read in that language.
		await expect(group(page, locale).locator(`legend [lang="${locale}"]`)).toHaveText(
			LANGUAGES[locale].replace(/ \(.*\)$/, ''),
		)
	}
	await expect(nameField(page, 'fr-FR')).toHaveAttribute('maxlength', '100')
	await expect(descriptionField(page, 'fr-FR')).toHaveAttribute('maxlength', '1000')
})

test('a save that raced a rename in another tab shows both versions; "Save my version" then saves knowingly', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const details = await createService(page, baseURL!)
	const translations = `${details}/translations`
	await page.goto(translations)
	// The banner of the create shows here; the failed save below removes it (with JS, by revalidating the page).
	await expect(page.getByText('Service created.')).toBeVisible()
	const other = await page.context().newPage()
	await other.goto(`${details}/manage`)
	await other.getByLabel('Name', { exact: true }).fill(ENGLISH.name)
	await other.getByRole('button', { name: 'Save settings' }).click()
	await expect(other).toHaveURL(details)
	await expect(other.getByText('Settings saved.')).toBeVisible()
	await other.close()

	await descriptionField(page, 'en-GB').fill(SERVICE.description)
	await toggleAddLanguage(page, true)
	await fill(page, 'fr-FR', FRENCH)
	const answer = formPost(page, translations)
	await saveButton(page).click()
	expect((await answer).status()).toBe(409)
	await expect(page.getByText('Service created.')).toHaveCount(0)

	await expect(summary(page)).toContainText(CONFLICT)
	const table = page.getByRole('table', { name: 'Your version and the saved version' })
	const row = (field: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: field }) })
	await expect(row('Name in English (en-GB)').getByRole('cell')).toHaveText([SERVICE.name, ENGLISH.name, 'Different'])
	await expect(row('Name in Français (fr-FR)').getByRole('cell')).toHaveText([FRENCH.name, '(blank)', 'Different'])
	await expectValues(page, 'en-GB', SERVICE)
	await expectValues(page, 'fr-FR', FRENCH)
	// The typed French is in sight: "Add a language" comes back open.
	await expectStatus(page, [], { addLanguageOpen: true })
	await expectAccessible(page, testInfo)

	await page.getByRole('button', { name: 'Save my version' }).click()
	await expect(page.getByText('Translations saved.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: `Translations: ${SERVICE.name}` })).toBeVisible()
	await expectValues(page, 'fr-FR', FRENCH)
	await expect(table).toHaveCount(0)
	await expectStatus(page, ['en-GB', 'fr-FR'])
})
