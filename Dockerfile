# syntax=docker/dockerfile:1.7
#
# One image for every component of CSKH. The entry chooses what runs:
#
#   docker run IMAGE gateway | realtime | carrier-sim | auth | lookup | <any service> | migrate
#
# (scripts/component.ts). The Helm chart (helm/cskh) passes the component as the container's
# only argument. Stages:
#   manifests  package.json files + lockfile only, so dependency layers survive source edits
#   build      full install, proto → TypeScript generation (buf + ts-proto), web bundle (vite)
#   prod-deps  production dependencies of the server workspaces only (the web app's React/MUI
#              dependencies end up bundled in web/dist and are not needed at run time)
#   runtime    node + production node_modules + the server bundle + the .proto sources + web/dist;
#              non-root (uid 10001), nothing written outside /tmp (run with a read-only root
#              filesystem and an emptyDir on /tmp, as the chart does)
#
# The server runs as one JavaScript file, dist/component.js: scripts/component.ts and all of our
# TypeScript it imports, bundled by esbuild (scripts/bundle.ts) from the same sources the tests
# run through tsx; packages stay in node_modules. Through tsx, every pod compiled each file again
# into its empty /tmp and loaded ~900 modules: twice the CPU of the bundle at each start
# (`npm run bench:boot`), taken from the pods serving while others start (a drain, a roll).
# `npm run bench:lookup -- --mode process` and the chaos run start their components from the same
# bundle, so what they measure is what runs here.

ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
WORKDIR /app

# ---------------------------------------------------------------------------------------------
FROM base AS manifests
COPY . /src
RUN cd /src \
 && find . -name node_modules -prune -o -name package.json -print | xargs -I{} cp --parents {} /app/ \
 && cp package-lock.json /app/

# ---------------------------------------------------------------------------------------------
FROM base AS build
COPY --from=manifests /app/ ./
# `npm ci` installs exactly the lockfile. A lockfile written where the registry lacked other
# platforms' optional packages fails npm's sync check; then fall back to `npm install`, loudly.
RUN --mount=type=cache,target=/root/.npm \
    npm ci || { echo "WARNING: npm ci failed (package-lock.json out of sync?); falling back to npm install" >&2; npm install; }
COPY . .
RUN npm run gen \
 && npm run build -w @cskh/web \
 && test -f web/dist/index.html
# The server bundle (dist/component.js + its source map).
RUN node --import tsx scripts/bundle.ts
# What runs: the bundle, the .proto sources the gateway and the kit read at start, the web app.
RUN mkdir /out \
 && tar --exclude=node_modules -cf - package.json dist proto web/dist \
  | tar -xf - -C /out

# ---------------------------------------------------------------------------------------------
FROM base AS prod-deps
COPY --from=manifests /app/ ./
# Every workspace but the web app (its dependencies are bundled into web/dist by vite).
RUN --mount=type=cache,target=/root/.npm \
    WS=$(node -e ' \
      const pkgs = require("./package-lock.json").packages; \
      console.log(Object.keys(pkgs).filter((k) => k && !k.includes("node_modules") && k !== "web") \
        .map((k) => "--workspace=" + k).join(" "))') \
 && { npm ci --omit=dev $WS \
      || { echo "WARNING: npm ci failed (package-lock.json out of sync?); falling back to npm install" >&2; \
           npm install --omit=dev $WS; }; }

# ---------------------------------------------------------------------------------------------
FROM base AS runtime
ENV NODE_ENV=production \
    TMPDIR=/tmp
COPY --from=prod-deps /app/ ./
COPY --from=build /out/ ./
# Files stay owned by root and read-only for the runtime user; nothing is written outside /tmp.
USER 10001:10001
EXPOSE 8080 50051
ENTRYPOINT ["node", "--enable-source-maps", "dist/component.js"]
CMD ["gateway"]
