import { useTranslation } from 'react-i18next'
import { href, Outlet, NavLink } from 'react-router'
import type { I18nHandle } from '#app/i18n'

export const handle = { i18n: ['account', 'auth'] } satisfies I18nHandle

const LINKS = [
	[href('/me/manage/general/personal-details'), 'nav.personalDetails'],
	[href('/me/manage/security/email'), 'nav.email'],
	[href('/me/manage/security/password'), 'nav.password'],
	[href('/me/manage/security/multi-factor-authentication'), 'nav.twoStep'],
	[href('/me/manage/security/sessions'), 'nav.sessions'],
] as const

export default function AccountLayout() {
	const { t } = useTranslation('account')
	return (
		<div className="with-sidebar">
			<nav aria-label={t('nav.label')} className="sub-nav">
				<ul>
					{LINKS.map(([to, key]) => (
						<li key={to}>
							<NavLink to={to}>{t(key)}</NavLink>
						</li>
					))}
				</ul>
			</nav>
			<div className="with-sidebar__main">
				<Outlet />
			</div>
		</div>
	)
}
