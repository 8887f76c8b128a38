import { checkApiReachable } from '#app/api/health.server'

/** Readiness: 200 only when the partner API answers, else 503. */
export async function loader({ request }: { request: Request }) {
	const api = await checkApiReachable(request.signal)
	return Response.json(
		{ status: api.ok ? 'ready' : 'unavailable', api: api.ok ? 'ok' : api.reason },
		{ status: api.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
	)
}
