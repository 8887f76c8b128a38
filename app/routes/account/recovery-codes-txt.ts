import type { Route } from './+types/recovery-codes-txt'
import { newCodesOf } from '#app/auth/recovery-codes.server'
import { getT } from '#app/i18n.server'
import { getConfig } from '#app/config.server'

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' }

/** The new codes as a text file, JavaScript or not, while they are on show (decision 0039). */
export async function loader({ context }: Route.LoaderArgs) {
	const t = getT(context)
	const fresh = await newCodesOf(context)
	if (!fresh) return new Response(t('account:recoveryCodes.fileGone'), { status: 404, headers: TEXT })
	const lines = [
		t('account:recoveryCodes.fileTitle', { site: new URL(getConfig().PUBLIC_APP_URL).host }),
		t('account:recoveryCodes.fileHint'),
		'',
		...fresh.codes,
		'',
	]
	return new Response(lines.join('\n'), {
		headers: { ...TEXT, 'Content-Disposition': 'attachment; filename="partner-portal-recovery-codes.txt"' },
	})
}
