# syntax=docker/dockerfile:1
# The API (apps/api) as built JavaScript on Node alone (ADR 038). Build from the repository root:
#   docker build -f deploy/api.Dockerfile -t b2b-api .
# The same image runs the migrations before a deploy: `node apps/api/dist/migrate.js` (compose.yaml's `migrate`).

# --- build: every dependency, the TypeScript bundled by esbuild (apps/api/build.mjs) -----------------------------
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
COPY packages/db packages/db
COPY apps/api apps/api
RUN npm run build --workspace @b2b/api

# --- runtime: the API's production dependencies, the build and the migrations, as user `node` ----------------------
FROM node:24.11.1-bookworm-slim AS runtime
ENV NODE_ENV=production \
    API_HOST=0.0.0.0 \
    API_PORT=4000
WORKDIR /app
# npm needs every workspace's package.json to read the lock; it installs the API's dependencies and the two packages
# it uses (@b2b/db, @b2b/contract), none of the web's and no development dependency.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @b2b/api --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /app/.data \
    && chown node:node /app/.data
COPY --from=build /app/apps/api/dist apps/api/dist
# read at run time: the migrations (start-up and `migrate.js`) and the journal the integrity check compares
COPY packages/db/migrations packages/db/migrations
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=6s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "API_PORT", "4000", "/api/health"]
# exec form: Node is PID 1 and gets the SIGTERM itself (apps/api/src/server.ts shuts down gracefully)
CMD ["node", "apps/api/dist/server.js"]
