import common from '#app/locales/en-GB/common.json'

/** en-GB page descriptions (meta functions run outside React and the request's i18n). */
export const descriptions = common.meta.descriptions

/** `<title>` ("Page – Partner Portal") and meta description of a page; pages without their own get the portal's. */
export function pageTitle(title: string, description: string = common.meta.description) {
	return [{ title: common.pageTitle.replace('{{title}}', title) }, { name: 'description', content: description }]
}
