import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, href, Link, NavLink, useLocation } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'

/** Signed in, the links sit in a `<details>`: a "Menu" button on a phone (JS or not), one line on a wide screen. */
export function SiteNav({ user }: { user: { name: string } | null }) {
	const { t } = useTranslation()
	const location = useLocation()
	const menu = useRef<HTMLDetailsElement>(null)
	// With JS the header stays across navigations, so the menu closes once it has taken the partner somewhere.
	useEffect(() => {
		if (menu.current) menu.current.open = false
	}, [location.pathname])

	if (!user) {
		return (
			<nav aria-label={t('nav.label')} className="site-nav">
				<ul className="site-nav__links">
					<li>
						<NavLink to={href('/auth/sign-in')}>{t('nav.signIn')}</NavLink>
					</li>
					<li>
						<NavLink to={href('/auth/sign-up')}>{t('nav.signUp')}</NavLink>
					</li>
				</ul>
			</nav>
		)
	}
	const signedInAs = t('nav.signedInAs', { name: user.name })
	return (
		<nav aria-label={t('nav.label')} className="site-nav">
			<details className="site-menu" ref={menu}>
				<summary className="site-menu__toggle">{t('nav.menu')}</summary>
				<div className="site-menu__panel">
					<ul className="site-nav__links">
						<li>
							<NavLink to={href('/')} end>
								{t('nav.dashboard')}
							</NavLink>
						</li>
						<li>
							<Link
								to={href('/me/manage/general/personal-details')}
								aria-current={location.pathname.startsWith('/me/manage') ? 'true' : undefined}
							>
								{t('nav.account')}
							</Link>
						</li>
						<li>
							<Link
								to={href('/services/manage')}
								aria-current={location.pathname.startsWith('/services/') ? 'true' : undefined}
							>
								{t('nav.services')}
							</Link>
						</li>
						<li>
							<NavLink to={href('/contact')}>{t('nav.contact')}</NavLink>
						</li>
					</ul>
					<p className="site-nav__user" title={signedInAs}>
						{signedInAs}
					</p>
					<Form method="post" action={href('/auth/sign-out')} className="site-nav__sign-out">
						<AuthenticityTokenInput />
						<button type="submit" className="button button--link">
							{t('nav.signOut')}
						</button>
					</Form>
				</div>
			</details>
		</nav>
	)
}
