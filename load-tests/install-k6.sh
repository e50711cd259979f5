#!/usr/bin/env bash
# Installs the pinned k6 into the project-local .cache/bin (gitignored), built from source with
# `go install` through the Go module proxy (k6 is a Go module). Idempotent: does nothing when the
# pinned version is already there. Used by `npm run bench:lookup` and the CI smoke.
#
#   load-tests/install-k6.sh               # install if missing, print the path
#   K6_VERSION=v1.8.1 load-tests/install-k6.sh
set -euo pipefail

K6_VERSION="${K6_VERSION:-v1.8.1}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN_DIR="$ROOT/.cache/bin"
K6="$BIN_DIR/k6"

if [[ -x "$K6" ]] && "$K6" version 2>/dev/null | grep -q "k6 ${K6_VERSION}"; then
  echo "$K6"
  exit 0
fi

GO="${GO:-$(command -v go || true)}"
if [[ -z "$GO" && -x /usr/local/go/bin/go ]]; then GO=/usr/local/go/bin/go; fi
if [[ -z "$GO" ]]; then
  echo "install-k6: Go is required (looked for 'go' on PATH and /usr/local/go/bin/go)" >&2
  exit 1
fi

mkdir -p "$BIN_DIR"
export GOMODCACHE="${GOMODCACHE:-$ROOT/.cache/k6/go-mod}"
export GOCACHE="${GOCACHE:-$ROOT/.cache/k6/go-build}"
export GOFLAGS="${GOFLAGS:--buildvcs=false -modcacherw}"
export CGO_ENABLED=0

echo "install-k6: building k6 ${K6_VERSION} into ${BIN_DIR} (takes a few minutes the first time)" >&2
TMP_BIN="$(mktemp -d "$BIN_DIR/.k6-build.XXXXXX")"
trap 'rm -rf "$TMP_BIN"' EXIT
GOBIN="$TMP_BIN" "$GO" install -trimpath -ldflags "-s -w" "go.k6.io/k6@${K6_VERSION}"
mv -f "$TMP_BIN/k6" "$K6"
"$K6" version >&2
echo "$K6"
