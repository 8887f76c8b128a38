/** "ABCDEFGHIJKL" → "ABCD EFGH IJKL": an authenticator key is easier to read and type in groups. */
export function groupKey(secret: string) {
	return (
		secret
			.replace(/(?<!=)=+$/, '')
			.match(/.{1,4}/g)
			?.join(' ') ?? secret
	)
}
