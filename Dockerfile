# syntax=docker/dockerfile:1
# Neura in a container (docs/DEPLOYMENT.md "Container"): built in stages on the official Node LTS
# slim image; the final image has the built app and production dependencies only, runs as the
# unprivileged `node` user and keeps its data in the /data volume.
# scripts/check-dockerfile.mjs runs these steps in a fresh clone (CI has no container engine).

# 24.18.1, not newer: better-sqlite3 12 compiled against Node ≥ 24.19 headers aborts in a garbage
# collection (nodejs/node#65446). The Node 24 CI tier (.ci/node24) pins the same version.
ARG NODE_VERSION=24.18.1

# 1. Build: every workspace's dependencies, then the web app and the server bundle.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY test-kit/package.json test-kit/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies of the server only (no dev tools, no web, test or bench packages): the
#    build stage's install pruned, so native addons are not compiled again and this stage needs no
#    compiler. Only the server's workspaces are here (contract, test-kit, server): `npm prune`
#    drops what only the web app, the e2e tests and the benches use, with every dev dependency.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/node_modules ./server/node_modules
COPY contract/package.json contract/
COPY test-kit/package.json test-kit/
COPY server/package.json server/
RUN npm prune --omit=dev --no-audit --no-fund

# 3. The image: the bundles, the web app, production dependencies, the offline speech engines and OCR.
FROM node:${NODE_VERSION}-bookworm-slim AS app
RUN apt-get update && apt-get install -y --no-install-recommends flite pocketsphinx pocketsphinx-en-us espeak-ng \
  tesseract-ocr tesseract-ocr-eng poppler-utils \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
# What npm could not hoist (versions that differ from another workspace's) stays in the workspace.
COPY --from=deps /app/server/node_modules ./server/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
