# syntax=docker/dockerfile:1
# clipper's container image (issue 31, item 6): build on Node 20, run on Node 20 slim with the
# pipeline's system packages from Debian's own archive, as a non-root user.
#   docker build --build-arg CLIPPER_COMMIT=$(git rev-parse --short HEAD) -t clipper .
#   docker run -p 7788:7788 -v clipper-data:/var/lib/clipper clipper
# compose.yaml runs the hosted shape (PostgreSQL, an S3-compatible server, one API, two workers).

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its addon where no prebuilt one can be downloaded.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
# `clipper --version` names this commit (scripts/build.mjs reads CLIPPER_COMMIT without .git).
ARG CLIPPER_COMMIT=""
RUN CLIPPER_COMMIT="$CLIPPER_COMMIT" node scripts/build.mjs && npm prune --omit=dev

FROM node:20-bookworm-slim
# The packages scripts/system-packages.mjs marks `runtime: true` (test/ops/container.test.ts keeps them equal).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ffmpeg pocketsphinx pocketsphinx-en-us yt-dlp fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system clipper \
 && useradd --system --gid clipper --home-dir /var/lib/clipper --create-home --shell /usr/sbin/nologin clipper
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/openapi.json ./openapi.json
ENV NODE_ENV=production CLIPPER_DATA_DIR=/var/lib/clipper CLIPPER_PORT=7788
USER clipper
VOLUME ["/var/lib/clipper"]
EXPOSE 7788
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.CLIPPER_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/clipper"]
CMD ["daemon", "run", "--host", "0.0.0.0", "--port", "7788"]
