# syntax=docker/dockerfile:1
# TaxAtlas production image: one Node process serving the pages and the JSON API.
#   docker build -t taxatlas .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... taxatlas
# Without DATABASE_URL the embedded database (PGlite) is kept in /app/data: mount a volume there.
# See docs/deployment.md for every setting; compose.yaml runs two instances behind nginx.

# --- build: all dependencies, then the client bundle and the server bundle -------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# Manifests first, so the dependency layer is reused while only the sources change.
COPY package.json package-lock.json ./
RUN npm install
COPY . .
# The build needs no secret: keys are read by the server at run time, never baked into a bundle.
RUN npm run build \
  && npm prune --omit=dev \
  && npm cache clean --force

# --- runtime: production dependencies, the build and the migrations; nothing else -------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# The server finds its root by the nearest package.json; migrations are read from db/migrations.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/db/migrations ./db/migrations
# The code stays owned by root (read-only for the app); only the PGlite data directory is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# /healthz answers while the process serves requests (liveness); /readyz also checks the database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form (no shell in between): node is PID 1 and receives `docker stop`'s SIGTERM itself, so the
# graceful shutdown runs (stop accepting, finish in-flight requests within SHUTDOWN_TIMEOUT_MS, close
# the pool). Keep docker's stop timeout above SHUTDOWN_TIMEOUT_MS (compose.yaml: stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "build/server.js"]
