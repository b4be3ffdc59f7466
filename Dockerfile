# Rakbuku: one image, any number of instances (docs/deploy.md).
# Stage 1 builds the web app with every dependency; stage 2 keeps only what the server runs.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json vite.config.ts ./
COPY src ./src
RUN npx vite build --logLevel warn

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/dist/web
WORKDIR /app
COPY package.json package-lock.json ./
# The server runs TypeScript through tsx (a runtime dependency); dev tools stay out.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json ./
COPY src/server ./src/server
COPY src/domain ./src/domain
COPY --from=build /app/dist/web ./dist/web
# The node image's unprivileged user owns only the data folder (mail files, embedded database).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "src/server/main.ts"]
