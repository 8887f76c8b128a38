#!/usr/bin/env bash
# Reproduces the Dockerfile's runtime stage without a Docker daemon: a clean directory with the build output and
# production dependencies only (`npm ci --omit=dev --omit=optional`), started with the production start command and
# error reporting on. It must hold no build tool, answer /healthz and render a page.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

for needle in '^FROM .* AS runtime' '^USER node' '^EXPOSE ' '^HEALTHCHECK ' 'npm ci --omit=dev --omit=optional'; do
	grep -qE "$needle" Dockerfile || { echo "check-runtime-image: Dockerfile lacks /$needle/" >&2; exit 1; }
done
# The runtime stage (its FROM to the next FROM, comments left out): files copied as root, never handed to the user
# that runs them (--chown or a chown would let the process rewrite its own code), and that user is `node`.
runtime_stage="$(awk '/^FROM /{ inside = / AS runtime$/ } inside && !/^[[:space:]]*#/' Dockerfile)"
if grep -nE -- '--chown|(^|[^-])chown |chmod' <<<"$runtime_stage" >&2; then
	echo "check-runtime-image: the runtime stage gives its files to a user (above): copy them as root, unwritable by node" >&2
	exit 1
fi
[ "$(grep -E '^USER ' <<<"$runtime_stage" | tail -n 1)" = 'USER node' ] ||
	{ echo "check-runtime-image: the runtime stage's last USER is not node" >&2; exit 1; }
[ -f build/server/index.js ] || { echo "check-runtime-image: run 'npm run build' first" >&2; exit 1; }

work="$(mktemp -d)"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# The same files the runtime stage copies.
cp -R build package.json package-lock.json server.mjs instrument.server.mjs "$work/"
mkdir -p "$work/app/utils" && cp app/utils/redaction.js "$work/app/utils/"
(
	cd "$work"
	npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null
)
# Build tools (compilers, bundlers, their plugins, Sentry's upload CLI) never run in a pod (decision 0037).
for tool in typescript vite rollup esbuild terser @babel/core @react-router/dev @sentry/cli @sentry/vite-plugin; do
	if [ -d "$work/node_modules/$tool" ]; then
		echo "check-runtime-image: the build tool $tool is in the runtime's node_modules" >&2; exit 1
	fi
done

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
(
	cd "$work"
	exec env -i PATH="$PATH" HOME="$HOME" NODE_ENV=production HOST=127.0.0.1 PORT="$port" \
		API_BASE_URL=http://127.0.0.1:9 PUBLIC_APP_URL="http://127.0.0.1:$port" \
		UPLOAD_TMP_URL=http://127.0.0.1:9/tmp SERVICE_LOGO_URL=http://127.0.0.1:9/logos \
		CONTACT_EMAIL=partners@example.com SOURCE_REPOSITORY_URL=https://example.com/source \
		SESSION_SECRET=runtime-image-check-secret-0123456789abcdef LOG_LEVEL=silent \
		SENTRY_DSN=http://runtime-image-check@127.0.0.1:9/1 \
		API_CLIENT_CREDENTIAL=runtime-image-check-credential-0123456789abcdef \
		node --import ./instrument.server.mjs ./server.mjs >"$work/server.log" 2>&1
) &
pid=$! # the subshell execs the server, so this is the server's own pid

for _ in $(seq 1 100); do
	if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
	sleep 0.1
done
status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz" || true)"
page="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/does-not-exist" || true)"
if [ "$status" != 200 ] || [ "$page" != 404 ]; then
	echo "check-runtime-image: /healthz=$status /does-not-exist=$page (want 200 and 404)" >&2
	cat "$work/server.log" >&2
	exit 1
fi
echo "check-runtime-image: production-only install ($(du -sm "$work/node_modules" | cut -f1) MB, no build tool) answers /healthz 200 and renders pages"
