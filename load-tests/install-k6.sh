#!/usr/bin/env bash
# Installs the pinned k6 into the project-local .cache/bin (gitignored), built from source with
# `go install` through the Go module proxy (k6 is a Go module). Idempotent: does nothing when the
# pinned version is already there. Used by `npm run bench:lookup` and the CI smoke.
#
# The build and Go's caches live in a per-machine cache outside the work tree
# (K6_CACHE_DIR, default ~/.cache/cskh-k6), so a fresh clone on the same machine (CI) copies the
# binary instead of compiling k6 again (several minutes on two cores).
#
#   load-tests/install-k6.sh               # install if missing, print the path
#   K6_VERSION=v1.8.1 load-tests/install-k6.sh
set -euo pipefail

K6_VERSION="${K6_VERSION:-v1.8.1}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN_DIR="$ROOT/.cache/bin"
K6="$BIN_DIR/k6"
CACHE="${K6_CACHE_DIR:-${HOME:-/tmp}/.cache/cskh-k6}"
BUILT="$CACHE/bin/k6-${K6_VERSION}"

has_version() { [[ -x "$1" ]] && "$1" version 2>/dev/null | grep -qF " ${K6_VERSION} "; }

if has_version "$K6"; then
  echo "$K6"
  exit 0
fi
mkdir -p "$BIN_DIR" "$CACHE/bin"
if ! has_version "$BUILT"; then
  GO="${GO:-$(command -v go || true)}"
  if [[ -z "$GO" && -x /usr/local/go/bin/go ]]; then GO=/usr/local/go/bin/go; fi
  if [[ -z "$GO" ]]; then
    echo "install-k6: Go is required (looked for 'go' on PATH and /usr/local/go/bin/go)" >&2
    exit 1
  fi
  export GOMODCACHE="${GOMODCACHE:-$CACHE/go-mod}"
  export GOCACHE="${GOCACHE:-$CACHE/go-build}"
  export GOFLAGS="${GOFLAGS:--buildvcs=false -modcacherw}"
  export CGO_ENABLED=0
  echo "install-k6: building k6 ${K6_VERSION} (takes a few minutes the first time)" >&2
  # Build into a temporary GOBIN and move into place only on success.
  TMP_BIN="$(mktemp -d "$CACHE/bin/.k6-build.XXXXXX")"
  trap 'rm -rf "$TMP_BIN"' EXIT
  GOBIN="$TMP_BIN" "$GO" install -trimpath -ldflags "-s -w" "go.k6.io/k6@${K6_VERSION}"
  mv -f "$TMP_BIN/k6" "$BUILT"
fi
cp -f "$BUILT" "$K6.tmp.$$" && mv -f "$K6.tmp.$$" "$K6"
"$K6" version >&2
echo "$K6"
