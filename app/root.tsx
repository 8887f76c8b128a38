import { useTranslation } from 'react-i18next'
import {
	href,
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
import type { Route } from './+types/root'
import { errorPageMeta, RouteErrorBoundary } from '#app/components/route-error-boundary'
import { SiteNav } from '#app/components/site-nav'
import { Spinner } from '#app/components/ui/spinner'
import { RouteAnnouncer } from '#app/components/route-announcer'
import { getConfig } from '#app/config.server'
import { currentUserOrNull } from '#app/api/users.server'
import { rememberSubject, takeDraft } from '#app/auth/drafts.server'
import type { Flash } from '#app/auth/flash'
import { FlashProvider } from '#app/components/ui/flash'
import { csrfMiddleware } from '#app/middleware/csrf.server'
import { formBodyMiddleware } from '#app/middleware/form-body.server'
import { useRouteNamespaces, type I18nHandle } from '#app/i18n'
import { getT, i18nMiddleware } from '#app/i18n.server'
import { log, requestLogMiddleware } from '#app/middleware/request-log.server'
import { securityMiddleware } from '#app/middleware/security.server'
import { pageMeta } from '#app/utils/meta'
import { sessionMiddleware } from '#app/middleware/session.server'
import { useNonce } from '#app/utils/nonce'
import { useHydrated } from 'remix-utils/use-hydrated'
import appStyles from '#app/styles/app.css?inline'
import { getApi, getCsrfToken, getPageUrl, getRequestId, getSession } from '#app/context.server'

export const middleware: Route.MiddlewareFunction[] = [
	requestLogMiddleware,
	securityMiddleware,
	i18nMiddleware,
	// The session first: an upload's large body is read only for a partner the API knows.
	sessionMiddleware,
	formBodyMiddleware,
	csrfMiddleware,
]

export const meta: Route.MetaFunction = ({ error, matches }) => errorPageMeta(error, matches)

// Decision 0018.
export const handle = { i18n: ['common'] } satisfies I18nHandle

// Runs on every navigation: the header, flash messages and error references stay current.
export const shouldRevalidate = () => true

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ request, context }: Route.LoaderArgs) {
	const config = getConfig()
	const requestId = getRequestId(context)
	// An API outage must not break every page: the header then shows no user.
	const user = await currentUserOrNull(getApi(context)).catch((error: unknown) => {
		log('warn', 'current user unavailable for the header', {
			request_id: requestId,
			error: error instanceof Error ? error.message : 'unknown',
		})
		return null
	})
	if (user) await rememberSubject(context, user.id)
	// Back on the page whose form was posted as the session ended: what was typed comes back, to that partner only.
	const draft =
		user && request.method === 'GET' ? await takeDraft(context, getPageUrl(context).pathname, user.id) : null
	const flash =
		(await getSession(context).takeFlash()) ??
		(draft ? ({ tone: 'info', key: 'common:draft.restored' } satisfies Flash as Flash) : null)
	const t = getT(context)
	return {
		requestId,
		user: user ? { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email } : null,
		// Translated here: the banner may name any namespace, and the browser loads only the page's own (decision 0018).
		flash: flash ? { tone: flash.tone, message: t(flash.key, flash.values), section: flash.section } : null,
		draft: draft ? { form: draft.form, values: draft.values } : null,
		csrfToken: getCsrfToken(context),
		sourceRepositoryUrl: config.SOURCE_REPOSITORY_URL,
		ENV: { SENTRY_DSN: config.SENTRY_DSN, MODE: config.NODE_ENV },
		// The error pages' titles, in the request's language (`errorPageMeta`: an error has no loader data of its own).
		errorPages: { notFound: pageMeta(t, t('errors.notFound')), generic: pageMeta(t, t('errors.generic')) },
	}
}

export function Layout({ children }: { children: React.ReactNode }) {
	// All in one request: react-i18next holds hydration or navigation until the browser has them.
	const { t, i18n } = useTranslation(useRouteNamespaces())
	const nonce = useNonce()
	const rootData = useRouteLoaderData<typeof loader>('root')
	// Marks the document once React has hydrated it (the e2e suite waits for it before typing).
	const hydrated = useHydrated()
	return (
		<html lang={i18n.language} dir={i18n.dir()} data-hydrated={hydrated ? '' : undefined}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
				{/* Inlined on the server only: first paint needs no second request, and the bundle does not repeat the CSS. */}
				{import.meta.env.SSR ? (
					<style href="app-styles" precedence="default" nonce={nonce}>
						{appStyles}
					</style>
				) : null}
			</head>
			<body>
				<AuthenticityTokenProvider token={rootData?.csrfToken ?? ''}>
					<a className="skip-link" href="#main-content">
						{t('skipToContent')}
					</a>
					<header className="site-header">
						<div className="container site-header__inner">
							<Link to={href('/')} className="site-header__brand">
								{t('appName')}
							</Link>
							<SiteNav user={rootData?.user ?? null} />
						</div>
					</header>
					<NavigationSpinner />
					<main id="main-content" className="container main" tabIndex={-1}>
						<RouteAnnouncer />
						<FlashProvider flash={rootData?.flash ?? null}>{children}</FlashProvider>
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
				</AuthenticityTokenProvider>
				<script
					nonce={nonce}
					// Public, non-secret settings the browser bundle needs before hydration.
					dangerouslySetInnerHTML={{
						__html: `window.ENV = ${JSON.stringify(rootData?.ENV ?? {}).replace(/</g, '\\u003c')}`,
					}}
				/>
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

function NavigationSpinner() {
	const navigation = useNavigation()
	if (navigation.state === 'idle') return null
	return (
		<div className="navigation-spinner">
			<Spinner size="small" />
		</div>
	)
}

export default function App() {
	return <Outlet />
}

export const ErrorBoundary = RouteErrorBoundary
