#!/usr/bin/env bash
# Installs the pinned Helm CLI into the project-local .cache/bin (gitignored), built from source
# with `go install` through the Go module proxy. Idempotent: does nothing when the pinned version
# is already there. Used by CI (.ci/run) and by the chart tests (helm/test/*.test.ts).
#
#   scripts/helm/install-helm.sh          # install if missing, print the path
#   HELM_VERSION=v3.19.5 scripts/helm/install-helm.sh
set -euo pipefail

HELM_VERSION="${HELM_VERSION:-v3.19.5}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN_DIR="$ROOT/.cache/bin"
HELM="$BIN_DIR/helm"

if [[ -x "$HELM" ]] && "$HELM" version --template '{{.Version}}' 2>/dev/null | grep -qx "$HELM_VERSION"; then
  echo "$HELM"
  exit 0
fi

GO="${GO:-$(command -v go || true)}"
if [[ -z "$GO" && -x /usr/local/go/bin/go ]]; then GO=/usr/local/go/bin/go; fi
if [[ -z "$GO" ]]; then
  echo "install-helm: Go is required (looked for 'go' on PATH and /usr/local/go/bin/go)" >&2
  exit 1
fi

mkdir -p "$BIN_DIR"
# Keep Go's caches inside the project cache unless the caller chose otherwise, so repeated runs
# reuse downloaded modules and compiled packages.
export GOMODCACHE="${GOMODCACHE:-$ROOT/.cache/go/mod}"
export GOCACHE="${GOCACHE:-$ROOT/.cache/go/build}"
export GOFLAGS="${GOFLAGS:--buildvcs=false}"
export CGO_ENABLED=0
# helm prints its version from this variable; go install of a tagged module does not set it.
LDFLAGS="-s -w -X helm.sh/helm/v3/internal/version.version=${HELM_VERSION}"

echo "install-helm: building helm ${HELM_VERSION} into ${BIN_DIR} (takes a few minutes the first time)" >&2
# Build into a temporary GOBIN and move into place only on success, so a half-built binary is never left behind.
TMP_BIN="$(mktemp -d "$BIN_DIR/.helm-build.XXXXXX")"
trap 'rm -rf "$TMP_BIN"' EXIT
GOBIN="$TMP_BIN" "$GO" install -trimpath -ldflags "$LDFLAGS" "helm.sh/helm/v3/cmd/helm@${HELM_VERSION}"
mv -f "$TMP_BIN/helm" "$HELM"
"$HELM" version --short >&2
echo "$HELM"
