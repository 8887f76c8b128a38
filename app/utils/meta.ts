/** `<title>` for a page: "Page – Partner Portal". */
export function pageTitle(title: string) {
	return [{ title: `${title} – Partner Portal` }]
}
