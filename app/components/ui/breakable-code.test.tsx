import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { BreakableCode } from './breakable-code'

test('a value may break only after its separators, and reads (and copies) as it was', () => {
	const html = renderToStaticMarkup(<BreakableCode value="_partner.example.com=ab-cd" />)
	expect(html).toBe('<code class="breakable">_<wbr/>partner.<wbr/>example.<wbr/>com=<wbr/>ab-<wbr/>cd</code>')
	expect(renderToStaticMarkup(<BreakableCode value="token" />)).toBe('<code class="breakable">token</code>')
})
