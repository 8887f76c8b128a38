# syntax=docker/dockerfile:1
# Partner portal: multi-stage build on Node 24 LTS, slim (decision 0035).
# The runtime stage holds the build output and production dependencies only,
# owned by root, and runs as the unprivileged `node` user. `.ci/run` reproduces the runtime
# stage without a Docker daemon (scripts/check-runtime-image.sh).

ARG NODE_VERSION=24
FROM node:${NODE_VERSION}-bookworm-slim AS base
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false
WORKDIR /app

# All dependencies, to compile. Install scripts are not needed (the only ones
# would download a Sentry CLI binary we do not use at run time).
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --include=dev --ignore-scripts
COPY . .
RUN npm run build

# Production dependencies only: no optional peer either (TypeScript), so no build tool (decision 0037).
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --ignore-scripts && npm cache clean --force

FROM base AS runtime
ENV PORT=3000 HOST=0.0.0.0
# Copied as root (no --chown): the code and its dependencies belong to root and only root may write them, so the
# `node` user the process runs as cannot rewrite server.mjs or node_modules (nor create files in /app).
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.mjs instrument.server.mjs ./
COPY app/utils/redaction.js ./app/utils/
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "./instrument.server.mjs", "./server.mjs"]
