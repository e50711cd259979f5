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
#   runtime    node + production node_modules + tsx + sources + generated code + web/dist;
#              non-root (uid 1000), nothing written outside /tmp (run with a read-only root
#              filesystem and an emptyDir on /tmp, as the chart does)
#
# TypeScript runs through tsx at run time (as in `npm start` and the tests): what runs in the
# cluster is exactly the code the tests ran, with no separate compile step that could drift.
# tsx is a root devDependency, so the build stage copies it and its dependency closure — resolved
# from package-lock.json, not guessed — next to the production dependencies.

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
# tsx and its dependency closure (lockfile-resolved, Node's lookup order) → /opt/tsx/node_modules/…
RUN node -e ' \
  const fs = require("fs"), path = require("path"); \
  const lock = require("./package-lock.json").packages, seen = new Set(); \
  const resolve = (name, from) => { \
    for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, "")) { \
      const key = (dir ? dir + "/" : "") + "node_modules/" + name; \
      if (lock[key]) return key; \
      if (!dir) return undefined; \
    } }; \
  const visit = (key) => { \
    if (!key || seen.has(key) || !fs.existsSync(key)) return; \
    seen.add(key); \
    fs.cpSync(key, path.join("/opt/tsx", key), { recursive: true, verbatimSymlinks: true }); \
    const p = lock[key]; \
    for (const d of Object.keys({ ...p.dependencies, ...p.optionalDependencies })) visit(resolve(d, key)); \
  }; \
  visit(resolve("tsx", "")); \
  if (!seen.has("node_modules/tsx")) throw new Error("tsx not found in the lockfile"); \
  console.log("tsx closure:", [...seen].join(" ")); '
# Sources and build output, without any node_modules (those come from prod-deps).
RUN mkdir /out \
 && tar --exclude=node_modules -cf - package.json tsconfig.json proto gateway services scripts web/dist \
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
COPY --from=build /opt/tsx/ ./
COPY --from=build /out/ ./
# Files stay owned by root and read-only for the runtime user; only /tmp (tsx's compile cache)
# is written to.
USER 10001:10001
EXPOSE 8080 50051
ENTRYPOINT ["node", "--import", "tsx", "scripts/component.ts"]
CMD ["gateway"]
