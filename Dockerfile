# Rankforge: one image for the web process (`npm run serve`) and job workers (`npm run worker`).
# Node 24 comes from the pinned `node` devDependency, as everywhere else; Chromium from Debian
# renders pages (crawler and page analysis) and prints PDFs.
FROM debian:bookworm-slim AS base
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates nodejs npm chromium fonts-noto-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && npm rebuild node esbuild
COPY . .
# The pinned Node is a devDependency: its binary is kept in runtime/ before the dev packages go.
RUN node_modules/.bin/node node_modules/@react-router/dev/bin.cjs build \
 && install -D node_modules/node/bin/node runtime/node \
 && npm prune --omit=dev --ignore-scripts

FROM base
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data CHROME_PATH=/usr/bin/chromium PATH=/app/runtime:$PATH
COPY --from=build /app /app
RUN useradd --system --home /app rankforge && mkdir -p /data && chown rankforge /data
USER rankforge
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/main.ts"]
