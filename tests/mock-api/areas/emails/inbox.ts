/**
 * GET /__mock/inbox: the emails the mock sent as one HTML page for people (the demo), newest first, links
 * clickable. Every email's text is escaped (a contact message is anyone's text); the page runs no script.
 */
import type { MockStore } from '../../store'
import { LINK, presentEmail, type MockEmail } from './presenters'
import type { EmailRecord } from './state'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)

/** The text, escaped, with every absolute link an anchor. */
function linkify(text: string): string {
	let html = ''
	let last = 0
	for (const match of text.matchAll(LINK)) {
		const url = escapeHtml(match[0])
		html += `${escapeHtml(text.slice(last, match.index))}<a href="${url}" rel="noreferrer">${url}</a>`
		last = match.index + match[0].length
	}
	return html + escapeHtml(text.slice(last))
}

function article(email: MockEmail, index: number): string {
	const id = `email-${index}`
	const codes = email.codes.length
		? `<p class="code">Code: ${email.codes.map((code) => `<strong>${code}</strong>`).join(', ')}</p>`
		: ''
	return `<li><article aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(email.subject)}</h2>
<p class="meta">To ${escapeHtml(email.to)} · <time datetime="${email.sent_at}">${escapeHtml(new Date(email.sent_at).toUTCString())}</time></p>
${codes}<pre>${linkify(email.text)}</pre>
</article></li>`
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f6f6f6;overflow-wrap:anywhere}
main{max-width:48rem;margin:0 auto;padding:1rem}ol{list-style:none;padding:0}
article{background:#fff;border:1px solid #ccc;border-radius:6px;padding:1rem;margin:0 0 1rem}
h2{font-size:1.15rem;margin:0}.meta{color:#555;margin:.25rem 0}.code strong{font-size:1.25rem;letter-spacing:.1em}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:.5rem 0 0}a{color:#0b57d0}
label{display:block;font-weight:600}input{font:inherit;padding:.25rem;max-width:100%;box-sizing:border-box}button{font:inherit}
a:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}`

/** HTML, and a security policy that allows no script at all, only the page's own style. */
export const INBOX_HEADERS = {
	'content-type': 'text/html; charset=utf-8',
	'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
	'x-content-type-options': 'nosniff',
}

export function renderInbox(store: MockStore, emails: EmailRecord[], to: string | undefined): string {
	const newestFirst = emails.map((email) => presentEmail(store, email)).reverse()
	const heading = to ? `Emails to ${escapeHtml(to)}` : 'Emails the mock sent'
	const list = newestFirst.length
		? `<ol>${newestFirst.map(article).join('\n')}</ol>`
		: '<p>No emails yet. Sign up, reset a password or change a setting in the portal, then reload this page.</p>'
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} (${newestFirst.length}) · Mock inbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>Newest first. Nothing is really sent: this is what the partner API would email. Reload to see new ones.
The same as JSON: <a href="/__mock/emails${to ? `?to=${encodeURIComponent(to)}` : ''}">/__mock/emails</a>.</p>
<form method="get" action="/__mock/inbox" role="search">
<label for="to">Recipient address</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}" autocomplete="off">
<button type="submit">Show their emails</button>${to ? ' <a href="/__mock/inbox">Show every email</a>' : ''}
</form>
${list}
</main>
</body>
</html>
`
}
