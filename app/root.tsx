import { useTranslation } from 'react-i18next'
import {
	data,
	Link,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useNavigation,
	useRouteLoaderData,
} from 'react-router'
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react'
import { HoneypotProvider } from 'remix-utils/honeypot/react'
import type { Route } from './+types/root'
import { RouteErrorBoundary } from '#app/components/route-error-boundary'
import { Spinner } from '#app/components/ui/spinner'
import { getConfig } from '#app/config.server'
import { csrfMiddleware, getCsrfToken } from '#app/middleware/csrf.server'
import { i18nMiddleware } from '#app/middleware/i18n.server'
import { requestIdContext, requestLogMiddleware } from '#app/middleware/request-log.server'
import { securityMiddleware } from '#app/middleware/security.server'
import { getHoneypotInputProps } from '#app/utils/honeypot.server'
import { useNonce } from '#app/utils/nonce'
import stylesHref from '#app/styles/app.css?url'

export const middleware: Route.MiddlewareFunction[] = [
	requestLogMiddleware,
	securityMiddleware,
	i18nMiddleware,
	csrfMiddleware,
]

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: stylesHref },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ context }: Route.LoaderArgs) {
	const config = getConfig()
	return data({
		requestId: context.get(requestIdContext),
		csrfToken: getCsrfToken(context),
		honeypotProps: getHoneypotInputProps(),
		sourceRepositoryUrl: config.SOURCE_REPOSITORY_URL,
		ENV: { SENTRY_DSN: config.SENTRY_DSN, MODE: config.NODE_ENV },
	})
}

export function Layout({ children }: { children: React.ReactNode }) {
	const { t } = useTranslation()
	const nonce = useNonce()
	const rootData = useRouteLoaderData<typeof loader>('root')
	return (
		<html lang="en-GB" dir="ltr">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body>
				<a className="skip-link" href="#main-content">
					{t('skipToContent')}
				</a>
				<header className="site-header">
					<div className="container site-header__inner">
						<Link to="/" className="site-header__brand">
							{t('appName')}
						</Link>
						<nav aria-label={t("nav.label")} className="site-nav">
							<Link to="/">{t("nav.home")}</Link>
						</nav>
					</div>
				</header>
				<NavigationSpinner />
				<main id="main-content" className="container main" tabIndex={-1}>
					{children}
				</main>
				<footer className="site-footer">
					<div className="container site-footer__inner">
						<p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
						{rootData?.sourceRepositoryUrl ? (
							<p>
								<a href={rootData.sourceRepositoryUrl}>{t('footer.source')}</a>
							</p>
						) : null}
					</div>
				</footer>
				<script
					nonce={nonce}
					// Public, non-secret settings the browser bundle needs before hydration.
					dangerouslySetInnerHTML={{ __html: `window.ENV = ${JSON.stringify(rootData?.ENV ?? {}).replace(/</g, '\\u003c')}` }}
				/>
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

/** Shown while a navigation or form submission is pending (JS on only). */
function NavigationSpinner() {
	const navigation = useNavigation()
	if (navigation.state === 'idle') return null
	return (
		<div className="navigation-spinner">
			<Spinner size="small" />
		</div>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	return (
		<AuthenticityTokenProvider token={loaderData.csrfToken}>
			<HoneypotProvider {...loaderData.honeypotProps}>
				<Outlet />
			</HoneypotProvider>
		</AuthenticityTokenProvider>
	)
}

export function ErrorBoundary() {
	return <RouteErrorBoundary />
}
