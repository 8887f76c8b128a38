declare module 'virtual:catalogue-url' {
	const url: string
	export default url
}
