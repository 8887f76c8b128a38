// html-validate's configuration (issue 27): the e2e suite's js-disabled project validates every page the portal
// sends with it (e2e/utils/html-validate.ts); `npx html-validate <file>` reads it too. Every rule of the
// recommended preset is on; those below are off or set to what React writes, or to HTML the portal means, each
// with its reason. `valid-id` stays strict for our ids; e2e/utils/html-validate.ts only drops its findings on the
// ids React's streaming writes itself (`B:0`, `S:0`, `P:0`, `_R_`), which no configuration can single out.
/** @type {import('html-validate').ConfigData} */
export default {
	root: true,
	extends: ['html-validate:recommended'],
	rules: {
		// React writes many attribute names as their camelCase props (`charSet`, `autoComplete`, `tabIndex`,
		// `readOnly`): HTML names are case-insensitive; camelCase is accepted beside lowercase, nothing else.
		'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
		// React writes a true boolean attribute as `disabled=""`, never the bare `disabled` the rule asks for.
		'attribute-boolean-style': 'off',
		// React writes an attribute that may be empty the same way (`download=""`), never bare.
		'attribute-empty-style': 'off',
		// React closes every void element (`<input/>`, `<meta/>`) and offers no way to omit the slash.
		'void-style': 'off',
		// A list named by its heading (`<ul aria-labelledby>`, which ARIA allows and the specs find lists by) is
		// fine; a name where ARIA forbids one (`<code>`, `<span>`, `<div>` without a role) is still an error.
		'aria-label-misuse': ['error', { allowAnyNamable: true }],
		// Checkboxes sharing a name are HTML's own multiple choice (the protections form posts `enabled` once per
		// ticked box), like radio buttons; any other repeated name is still an error.
		'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
	},
}
