import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, href, Link, NavLink, useLocation } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'

/**
 * The header's navigation. Signed in, it sits in a `<details>` disclosure: on a phone a "Menu" button opens it
 * (with or without JavaScript), on a wide screen the stylesheet hides the button and shows the links in one line,
 * the partner's name cut with an ellipsis (the whole name stays in the text, for assistive technology, and in a
 * tooltip). The current page is marked with `aria-current`.
 */
export function SiteNav({ user }: { user: { name: string } | null }) {
	const { t } = useTranslation()
	const location = useLocation()
	const menu = useRef<HTMLDetailsElement>(null)
	// With JavaScript the header stays on the page across navigations: the menu closes once it has taken the
	// partner somewhere (without JavaScript every page starts with it closed).
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
