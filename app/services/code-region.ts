// Between `#region verify` and `#endregion verify`, markers and common indentation removed. Pure, so tests can read it.
export function verifyRegion(source: string) {
	const lines = source.split('\n')
	const start = lines.findIndex((line) => /^\s*(\/\/|#) #?region verify\s*$/.test(line))
	const end = lines.findIndex((line, index) => index > start && /^\s*(\/\/|#) #?endregion verify\s*$/.test(line))
	if (start === -1 || end === -1) throw new Error('An example has no `region verify` block')
	const region = lines.slice(start + 1, end)
	const indent = Math.min(...region.filter((line) => line.trim()).map((line) => /^\s*/.exec(line)![0].length))
	return region
		.map((line) => line.slice(indent))
		.join('\n')
		.trim()
}
