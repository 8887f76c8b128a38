import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, test } from 'vitest'
import { Spinner, type SpinnerSize } from './spinner'
import { createClientI18n } from '#app/i18n'

async function render(element: React.ReactElement) {
	const i18n = await createClientI18n()
	return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>)
}

describe('Spinner', () => {
	test('is a status with screen-reader-only loading text', async () => {
		const html = await render(<Spinner />)
		expect(html).toContain('role="status"')
		expect(html).toContain('<span class="visually-hidden">Loading…</span>')
	})
	test.each<SpinnerSize>(['small', 'medium', 'large', 'extra-large'])('has the %s size', async (size) => {
		expect(await render(<Spinner size={size} />)).toContain(`spinner--${size}`)
	})
})
