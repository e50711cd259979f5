# Shared settings of the scripts/k8s tools (sourced, not run). Everything the cluster owns lives
# under $K8S_STATE (outside the repository, so the Go build cache and the built binaries survive a
# fresh clone on the same machine); nothing is installed system-wide except Debian packages.
K8S_STATE=${K8S_STATE:-/var/tmp/cskh-k8s}
K8S_NODES=${K8S_NODES:-2}   # 1: the second node (second-node.sh) is not started
K8S_VERSION=${K8S_VERSION:-1.34.4}
ETCD_VERSION=${ETCD_VERSION:-3.6.16}
COREDNS_VERSION=${COREDNS_VERSION:-1.15.0}
NODE_VERSION_PIN=${NODE_VERSION_PIN:-20.20.2}
NPM_VERSION_PIN=${NPM_VERSION_PIN:-10.9.4}
SERVICE_CIDR=10.96.0.0/16
GUARD_SERVICE_CIDR=10.96.0.0/12
POD_CIDR=10.244.0.0/16
POD_SUBNET=10.244.0.0/24
CLUSTER_DNS=10.96.0.10
BRIDGE=cskhbr0
CNI_NET=cskh
GUARD_COMMENT=cskh-k8s-guard
SOCK_DIR=/run/cskh-k8s-containerd
SOCK=$SOCK_DIR/containerd.sock
B=$K8S_STATE/bin
P=$K8S_STATE/pki
IMAGES=$K8S_STATE/images
export KUBECONFIG=$P/admin.kubeconfig
export GOFLAGS=-buildvcs=false CGO_ENABLED=0
export HELM_CACHE_HOME=$K8S_STATE/helm/cache HELM_CONFIG_HOME=$K8S_STATE/helm/config HELM_DATA_HOME=$K8S_STATE/helm/data
PATH=/usr/local/go/bin:$PATH
NICE="nice -n ${NICE_LEVEL:-10}"
K8S_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

node_ip() {
  if [ -n "${NODE_IP:-}" ]; then echo "$NODE_IP"; return; fi
  local dev; dev=$(uplink)
  ip -4 -o addr show dev "$dev" scope global | awk '{split($4,a,"/"); print a[1]; exit}'
}
uplink() { ip -4 route show default | awk '{print $5; exit}'; }
node_name() { echo "${NODE_NAME:-$(hostname | tr 'A-Z_' 'a-z-')}"; }
log() { echo "[k8s $(date +%T)] $*" >&2; }
die() { echo "[k8s] ERROR: $*" >&2; exit 1; }
kc() { "$B/kubectl" "$@"; }
