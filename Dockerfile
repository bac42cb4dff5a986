# Concord SRM: the web build baked in, started as the README's `npm start` starts it, as the unprivileged
# `node` user. docs/operations.md describes running it, alone or with compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# pg_dump and pg_restore of PostgreSQL 15 for `npm run db:backup` and `db:restore`.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown node:node /data
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production DATA_DIR=/data PORT=8080 NPM_CONFIG_UPDATE_NOTIFIER=false
USER node
VOLUME /data
EXPOSE 8080
# The first start on an empty database migrates (and seeds the embedded demo): give it two minutes.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/gateway/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between: npm does not pass SIGTERM on to the script, and the server
# needs it to finish its requests and close the database before the container stops.
CMD ["node", "scripts/start.mjs"]
