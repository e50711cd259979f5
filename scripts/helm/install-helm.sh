#!/usr/bin/env bash
# Installs the pinned Helm CLI into the project-local .cache/bin (gitignored), built from source
# with `go install` through the Go module proxy. Idempotent: does nothing when the pinned version
# is already there. Used by CI (.ci/run) and by the chart tests (helm/test/*.test.ts).
#
#   scripts/helm/install-helm.sh          # install if missing, print the path
#   HELM_VERSION=v3.19.5 scripts/helm/install-helm.sh
set -euo pipefail

HELM_VERSION="${HELM_VERSION:-v3.19.5}"
# The Kubernetes minor version helm assumes offline (helm template, lint) is baked in at link time;
# the release builds use the client-go minor of their go.mod (v0.34 for helm v3.19): do the same.
HELM_K8S_MINOR="${HELM_K8S_MINOR:-34}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN_DIR="$ROOT/.cache/bin"
HELM="$BIN_DIR/helm"
STAMP="$BIN_DIR/helm.build"
WANT="helm ${HELM_VERSION} kubernetes 1.${HELM_K8S_MINOR}"

if [[ -x "$HELM" && -f "$STAMP" ]] && [[ "$(cat "$STAMP")" == "$WANT" ]] \
  && "$HELM" version --template '{{.Version}}' 2>/dev/null | grep -qx "$HELM_VERSION"; then
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
# Go's own module and build caches (outside the work tree) are used, so a fresh clone on a machine
# that built helm before only links it again.
export GOFLAGS="${GOFLAGS:--buildvcs=false}"
export CGO_ENABLED=0
# helm prints its version from this variable; go install of a tagged module does not set it.
LDFLAGS="-s -w -X helm.sh/helm/v3/internal/version.version=${HELM_VERSION}"
for pkg in helm.sh/helm/v3/pkg/chartutil helm.sh/helm/v3/pkg/lint/rules; do
  LDFLAGS+=" -X ${pkg}.k8sVersionMajor=1 -X ${pkg}.k8sVersionMinor=${HELM_K8S_MINOR}"
done

echo "install-helm: building helm ${HELM_VERSION} into ${BIN_DIR} (takes a few minutes the first time)" >&2
# Build into a temporary GOBIN and move into place only on success, so a half-built binary is never left behind.
TMP_BIN="$(mktemp -d "$BIN_DIR/.helm-build.XXXXXX")"
trap 'rm -rf "$TMP_BIN"' EXIT
GOBIN="$TMP_BIN" "$GO" install -trimpath -ldflags "$LDFLAGS" "helm.sh/helm/v3/cmd/helm@${HELM_VERSION}"
mv -f "$TMP_BIN/helm" "$HELM"
echo "$WANT" > "$STAMP"
"$HELM" version --short >&2
echo "$HELM"
