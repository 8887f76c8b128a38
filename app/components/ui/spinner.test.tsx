import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { Spinner, type SpinnerSize } from './spinner'

async function render(element: React.ReactElement) {
	return renderToStaticMarkup(element)
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
