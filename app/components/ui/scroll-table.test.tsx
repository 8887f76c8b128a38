import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { ScrollTable } from './scroll-table'

describe('ScrollTable', () => {
	test('is a focusable region named by the caption of the table inside it', () => {
		const html = renderToStaticMarkup(
			<ScrollTable id="log-caption" caption="Deliveries" className="webhook-table">
				<tbody>
					<tr>
						<td>1</td>
					</tr>
				</tbody>
			</ScrollTable>,
		)
		expect(html).toBe(
			'<section aria-labelledby="log-caption" tabindex="0" class="table-region">' +
				'<table class="webhook-table"><caption id="log-caption">Deliveries</caption>' +
				'<tbody><tr><td>1</td></tr></tbody></table></section>',
		)
	})
})
