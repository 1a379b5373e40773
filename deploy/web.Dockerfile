# syntax=docker/dockerfile:1
# The storefront (apps/web): the React Router build under apps/web/server.mjs (ADR 022). Build from the repository
# root:
#   docker build -f deploy/web.Dockerfile --build-arg BUILD_ID=$(git rev-parse --short HEAD) -t b2b-web .

# --- build: every dependency, `react-router build` --------------------------------------------------------------
FROM node:24.11.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
# every package's tsconfig.json extends the base one, which esbuild and Vite read
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/web apps/web
# The build's id, which open storefront tabs compare to notice a new release (spec §4 build updates).
ARG BUILD_ID
RUN BUILD_ID=${BUILD_ID} npm run build --workspace @b2b/web

# --- runtime: the web's production dependencies, the build and its server, as user `node` ------------------------
FROM node:24.11.1-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    IMAGE_CACHE_DIR=/app/.data/image-cache
WORKDIR /app
# npm needs every workspace's package.json to read the lock; it installs the web's dependencies only (the build
# carries @b2b/contract compiled in), no development dependency.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @b2b/web --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /app/.data/image-cache \
    && chown -R node:node /app/.data
COPY --from=build /app/apps/web/build apps/web/build
COPY apps/web/server.mjs apps/web/server.mjs
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs
USER node
EXPOSE 3000
# /integrity/Check answers 200 when the storefront and the API behind it are well (503 otherwise, ADR 033)
HEALTHCHECK --interval=10s --timeout=6s --start-period=30s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "PORT", "3000", "/integrity/Check"]
# exec form: the supervisor is PID 1 and gets the SIGTERM itself; it passes it to its server processes
CMD ["node", "apps/web/server.mjs"]
