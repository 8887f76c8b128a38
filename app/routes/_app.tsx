import { Outlet, useLocation } from 'react-router'
import type { Route } from './+types/_app'
import { allPages } from '#app/api/pagination.server'
import { requireUserMiddleware } from '#app/middleware/guards.server'
import { isAllowedUnverified } from '#app/auth/redirect'
import { errorPageMeta, RouteErrorBoundary } from '#app/components/route-error-boundary'
import { VerificationRequired } from '#app/components/verification-required'
import { secondsUntil } from '#app/utils/time'
import { getApi, getUser } from '#app/context.server'

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware]

export const meta: Route.MetaFunction = ({ error, matches }) => errorPageMeta(error, matches)

export async function loader({ context }: Route.LoaderArgs) {
	const user = await getUser(context)
	let resendInSeconds: number | null = null
	if (!user.email_verified_at) {
		const verifications = await allPages(getApi(context), 'listUserVerifications')
		const pending = verifications.find((v) => v.status === 'pending' && v.value === user.email)
		resendInSeconds = secondsUntil(pending?.resend_available_in_seconds)
	}
	return { user: { email: user.email, verified: Boolean(user.email_verified_at) }, resendInSeconds }
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	if (!loaderData.user.verified && !isAllowedUnverified(location.pathname)) {
		return <VerificationRequired email={loaderData.user.email} resendInSeconds={loaderData.resendInSeconds} />
	}
	return <Outlet />
}

/** A failure inside the signed-in area keeps the signed-in header and footer around it. */
export const ErrorBoundary = RouteErrorBoundary
