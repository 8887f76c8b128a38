/** Liveness: 200 while the process runs. No upstream call. */
export function loader() {
	return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
}
