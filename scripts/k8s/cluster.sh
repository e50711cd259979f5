#!/usr/bin/env bash
# A two-node Kubernetes (the second: second-node.sh) for CSKH on this kind of machine (Debian 12,
# root, no systemd, cgroup v1 hybrid, no image registry): etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kubelet
# on containerd + runc, kube-proxy (iptables), and CoreDNS as the cluster DNS.
#
#   scripts/k8s/cluster.sh up      # deps (apt), build (Go module proxy, cached), images, start; idempotent
#   scripts/k8s/cluster.sh down    # stop everything by pid, unmount, remove iptables chains, bridge, IPAM state
#   scripts/k8s/cluster.sh build   # only the binaries (kubernetes, etcd, coredns, pause, helm)
#   scripts/k8s/cluster.sh build-go  # the same without helm
#   scripts/k8s/cluster.sh status
#
# The network guard (mangle/POSTROUTING DROP of the pod and service ranges on the uplink) is put in
# place before any component starts and removed last by `down`: no packet for an unassigned pod or
# service address ever follows the default route off the machine.
# State: $K8S_STATE (default /var/tmp/cskh-k8s). Timings go to $K8S_STATE/timings.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
. "$(dirname "${BASH_SOURCE[0]}")/second-node.sh"
mkdir -p "$K8S_STATE"/{bin,logs,pids,src}

timing() { echo "$1 $2" >> "$K8S_STATE/timings"; }

deps() {
  local need=()
  for p in containerd runc containernetworking-plugins iptables conntrack openssl curl ca-certificates \
           podman buildah debootstrap fuse-overlayfs uidmap; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
  done
  [ ${#need[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  # containerd's package would start its own daemon under systemd; there is none here, but make sure.
  true
}

gomod() { # DIR: a scratch module
  mkdir -p "$1"; printf 'module cskhk8s/%s\n\ngo 1.24.0\n\ngodebug default=go1.24\n' "$(basename "$1")" > "$1/go.mod"
}

build_kubernetes() {
  local want="kubernetes v$K8S_VERSION" stamp=$B/kubernetes.stamp
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
  local t0=$SECONDS d=$K8S_STATE/src/kubernetes minor
  minor=$(echo "$K8S_VERSION" | cut -d. -f2)
  log "building Kubernetes v$K8S_VERSION from the Go module proxy (cold: ~10 min)"
  go mod download k8s.io/kubernetes@v"$K8S_VERSION"
  local kmod; kmod=$(go env GOMODCACHE)/cache/download/k8s.io/kubernetes/@v/v$K8S_VERSION.mod
  gomod "$d"
  # k8s.io/kubernetes replaces each staging module by a relative path; name their published versions.
  { echo 'replace ('; sed -n '/^replace (/,/^)/p' "$kmod" | awk -v v="v0.${K8S_VERSION#1.}" '/=>/{printf "\t%s => %s %s\n", $1, $1, v}'; echo ')'; } >> "$d/go.mod"
  local ld="-s -w" p c cmds="kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy kubectl"
  for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ld+=" -X $p.gitVersion=v$K8S_VERSION -X $p.gitMajor=1 -X $p.gitMinor=$minor -X $p.gitTreeState=clean -X $p.buildDate=1970-01-01T00:00:00Z"
  done
  (cd "$d" && $NICE go get $(for c in $cmds; do echo "k8s.io/kubernetes/cmd/$c@v$K8S_VERSION"; done) \
     && $NICE go build -trimpath -ldflags "$ld" -o "$B/" $(for c in $cmds; do echo "k8s.io/kubernetes/cmd/$c"; done))
  echo "$want" > "$stamp"; timing build-kubernetes $((SECONDS-t0)); log "kubernetes built in $((SECONDS-t0))s"
}

build_etcd() {
  local want="etcd v$ETCD_VERSION" stamp=$B/etcd.stamp
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
  local t0=$SECONDS d=$K8S_STATE/src/etcd; gomod "$d"
  (cd "$d" && $NICE go get go.etcd.io/etcd/server/v3@v"$ETCD_VERSION" \
     && $NICE go build -trimpath -ldflags "-s -w" -o "$B/etcd" go.etcd.io/etcd/server/v3)
  echo "$want" > "$stamp"; timing build-etcd $((SECONDS-t0)); log "etcd built in $((SECONDS-t0))s"
}

build_coredns() {
  local want="coredns v$COREDNS_VERSION" stamp=$B/coredns.stamp
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
  local t0=$SECONDS d=$K8S_STATE/src/coredns; gomod "$d"
  (cd "$d" && $NICE go get github.com/coredns/coredns@v"$COREDNS_VERSION" \
     && $NICE go build -trimpath -ldflags "-s -w" -o "$B/coredns" github.com/coredns/coredns)
  echo "$want" > "$stamp"; timing build-coredns $((SECONDS-t0)); log "coredns built in $((SECONDS-t0))s"
}

build_pause() {
  [ -x "$B/pause" ] && return 0
  local d=$K8S_STATE/src/pause; mkdir -p "$d"; printf 'module cskhk8s/pause\n\ngo 1.24\n' > "$d/go.mod"
  cat > "$d/main.go" <<'GO'
// The pod sandbox's process: waits for a signal, reaps children.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	c := make(chan os.Signal, 4)
	signal.Notify(c, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	for s := range c {
		if s != syscall.SIGCHLD {
			os.Exit(0)
		}
		for {
			var ws syscall.WaitStatus
			if p, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil); p <= 0 || err != nil {
				break
			}
		}
	}
}
GO
  (cd "$d" && $NICE go build -trimpath -ldflags '-s -w' -o "$B/pause" .)
}

build_helm() {
  # The project's pinned helm (the chart tests use the same binary).
  local h; h=$(bash "$K8S_ROOT/scripts/helm/install-helm.sh")
  ln -sf "$h" "$B/helm"
}

build() {
  build_go; build_helm
}

# The cluster's own binaries only (no helm: npm test's setup builds that one into .cache/bin, and two
# builds of it at once would race). .ci/run starts this beside npm test on a cold machine.
build_go() {
  command -v go >/dev/null || die "Go is required (/usr/local/go/bin/go)"
  build_pause; build_etcd; build_kubernetes; build_coredns
}

pki() {
  [ -f "$P/done" ] && [ "$(cat "$P/done")" = "$(node_ip) $(node_name)" ] && return 0
  local ip name; ip=$(node_ip); name=$(node_name)
  rm -rf "$P"; mkdir -p "$P"; cd "$P"
  openssl genrsa -out ca.key 2048 2>/dev/null
  openssl req -x509 -new -key ca.key -days 3650 -subj /CN=cskh-k8s-ca -out ca.crt 2>/dev/null
  cert() { # name CN O SAN
    openssl genrsa -out "$1.key" 2048 2>/dev/null
    openssl req -new -key "$1.key" -subj "/CN=$2${3:+/O=$3}" -out "$1.csr" 2>/dev/null
    if [ -n "${4:-}" ]; then printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth,clientAuth\n' "$4" > "$1.ext"
    else printf 'extendedKeyUsage=clientAuth\n' > "$1.ext"; fi
    openssl x509 -req -in "$1.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 -extfile "$1.ext" -out "$1.crt" 2>/dev/null
    rm -f "$1.csr" "$1.ext"
  }
  cert apiserver kube-apiserver "" "DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local,DNS:localhost,DNS:$name,IP:127.0.0.1,IP:10.96.0.1,IP:$ip"
  cert kubelet-serving "system:node:$name" system:nodes "DNS:$name,IP:$ip,IP:127.0.0.1"
  cert admin admin system:masters
  cert controller-manager system:kube-controller-manager ""
  cert scheduler system:kube-scheduler ""
  cert kubelet "system:node:$name" system:nodes
  cert kube-proxy system:kube-proxy ""
  cert apiserver-kubelet-client kube-apiserver-kubelet-client system:masters
  openssl genrsa -out sa.key 2048 2>/dev/null; openssl rsa -in sa.key -pubout -out sa.pub 2>/dev/null
  for n in admin controller-manager scheduler kubelet kube-proxy; do cat > "$n.kubeconfig" <<KC
apiVersion: v1
kind: Config
clusters: [{name: cskh, cluster: {certificate-authority: $P/ca.crt, server: "https://$ip:6443"}}]
users: [{name: $n, user: {client-certificate: $P/$n.crt, client-key: $P/$n.key}}]
contexts: [{name: cskh, context: {cluster: cskh, user: $n}}]
current-context: cskh
KC
  done
  echo "$ip $name" > done; cd - >/dev/null
}

config() {
  pki
  local R=$K8S_STATE; mkdir -p "$R/containerd" "$R/cni" "$R/kubelet/root"
  # containerd 1.6 (Debian): cgroupfs, the local pause image, restrict_oom_score_adj (root here has
  # no CAP_SYS_RESOURCE, runc cannot set the sandbox's oom_score_adj otherwise).
  containerd config default | sed -e "s#^root = .*#root = \"$R/containerd/root\"#" -e "s#^state = .*#state = \"$SOCK_DIR\"#" \
    -e "s#address = \"/run/containerd/containerd.sock\"#address = \"$SOCK\"#" -e 's#sandbox_image = .*#sandbox_image = "localhost/cskh-k8s/pause:1"#' \
    -e 's#stream_server_port = .*#stream_server_port = "10010"#' -e 's#restrict_oom_score_adj = false#restrict_oom_score_adj = true#' \
    -e 's#bin_dir = "/opt/cni/bin"#bin_dir = "/usr/lib/cni"#' -e "s#conf_dir = \"/etc/cni/net.d\"#conf_dir = \"$R/cni\"#" > "$R/containerd/config.toml"
  cat > "$R/cni/10-$CNI_NET.conflist" <<J
{"cniVersion": "0.4.0", "name": "$CNI_NET", "plugins": [
  {"type": "bridge", "bridge": "$BRIDGE", "isGateway": true, "ipMasq": false, "hairpinMode": true,
   "ipam": {"type": "host-local", "ranges": [[{"subnet": "$POD_SUBNET"}]], "routes": [{"dst": "0.0.0.0/0"}]}},
  {"type": "portmap", "capabilities": {"portMappings": true}}]}
J
  cat > "$R/kubelet/config.yaml" <<Y
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
authentication: {anonymous: {enabled: false}, webhook: {enabled: true}, x509: {clientCAFile: $P/ca.crt}}
authorization: {mode: Webhook}
tlsCertFile: $P/kubelet-serving.crt
tlsPrivateKeyFile: $P/kubelet-serving.key
cgroupDriver: cgroupfs
containerRuntimeEndpoint: unix://$SOCK
failSwapOn: false
failCgroupV1: false
clusterDomain: cluster.local
clusterDNS: [$CLUSTER_DNS]
resolvConf: /etc/resolv.conf
healthzBindAddress: 127.0.0.1
maxPods: 110
serializeImagePulls: false
evictionHard: {memory.available: "100Mi", nodefs.available: "2%", imagefs.available: "2%"}
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
Y
}

bgrun() { local n=$1; shift; nohup "$@" > "$K8S_STATE/logs/$n.log" 2>&1 < /dev/null & echo $! > "$K8S_STATE/pids/$n"; }
isup() { [ -f "$K8S_STATE/pids/$1" ] && kill -0 "$(cat "$K8S_STATE/pids/$1")" 2>/dev/null; }
waitfor() { # seconds description command...
  local n=$1 what=$2; shift 2
  for _ in $(seq $((n * 2))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.5; done
  die "$what did not come up within ${n}s (logs: $K8S_STATE/logs)"
}

guard() {
  # Never let a packet for the pod or service ranges leave through the uplink. mangle/POSTROUTING
  # sees the real output device after kube-proxy's DNAT (a filter/OUTPUT rule would break host → ClusterIP).
  local up_if n; up_if=$(uplink); [ -n "$up_if" ] || die "no default route: cannot place the network guard"
  for n in "$GUARD_SERVICE_CIDR" "$POD_CIDR" "$N2_LINK_CIDR"; do
    iptables -t mangle -C POSTROUTING -o "$up_if" -d "$n" -m comment --comment "$GUARD_COMMENT" -j DROP 2>/dev/null \
      || iptables -t mangle -I POSTROUTING -o "$up_if" -d "$n" -m comment --comment "$GUARD_COMMENT" -j DROP
  done
  iptables -t mangle -S POSTROUTING | grep -q "$GUARD_COMMENT" || die "network guard not in place"
}

import_image() { ctr -a "$SOCK" -n k8s.io images import --no-unpack=false "$1" >/dev/null; }

coredns_manifest() {
  cat <<Y
apiVersion: v1
kind: ServiceAccount
metadata: {name: coredns, namespace: kube-system}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: "system:coredns"}
rules:
- {apiGroups: [""], resources: [endpoints, services, pods, namespaces], verbs: [list, watch]}
- {apiGroups: [discovery.k8s.io], resources: [endpointslices], verbs: [list, watch]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: "system:coredns"}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "system:coredns"}
subjects: [{kind: ServiceAccount, name: coredns, namespace: kube-system}]
---
apiVersion: v1
kind: ConfigMap
metadata: {name: coredns, namespace: kube-system}
data:
  Corefile: |
    .:53 {
        errors
        # after SIGTERM (a drain, a roll) it answers 5 s more while kube-proxy takes it out of the
        # Service, as kubeadm's Corefile does: a query sent to it meanwhile is not lost (a lost
        # one costs the asking process the resolver's 5-s timeout)
        health :8080 {
            lameduck 5s
        }
        ready :8181
        kubernetes cluster.local in-addr.arpa ip6.arpa {
           pods insecure
           fallthrough in-addr.arpa ip6.arpa
           ttl 5
        }
        # Everything outside the cluster: the node's resolver (this machine's).
        forward . /etc/resolv.conf
        cache 30
        loop
        reload
    }
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: coredns, namespace: kube-system, labels: {k8s-app: kube-dns}}
spec:
  replicas: $K8S_NODES   # one per node, and a budget: a drained node never leaves the cluster without DNS
  selector: {matchLabels: {k8s-app: kube-dns}}
  template:
    metadata: {labels: {k8s-app: kube-dns}}
    spec:
      topologySpreadConstraints: [{topologyKey: kubernetes.io/hostname, maxSkew: 1, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: {k8s-app: kube-dns}}}]
      serviceAccountName: coredns
      priorityClassName: system-cluster-critical
      dnsPolicy: Default
      containers:
      - name: coredns
        image: localhost/cskh-k8s/coredns:$COREDNS_VERSION
        imagePullPolicy: Never
        args: [-conf, /etc/coredns/Corefile]
        resources: {requests: {cpu: 50m, memory: 64Mi}, limits: {memory: 170Mi}}
        ports:
        - {name: dns, containerPort: 53, protocol: UDP}
        - {name: dns-tcp, containerPort: 53, protocol: TCP}
        securityContext:
          allowPrivilegeEscalation: false
          capabilities: {add: [NET_BIND_SERVICE], drop: [ALL]}
          readOnlyRootFilesystem: true
        livenessProbe: {httpGet: {path: /health, port: 8080}, periodSeconds: 10}
        readinessProbe: {httpGet: {path: /ready, port: 8181}, periodSeconds: 2}
        volumeMounts: [{name: config, mountPath: /etc/coredns, readOnly: true}]
      volumes: [{name: config, configMap: {name: coredns}}]
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: coredns, namespace: kube-system}
spec: {maxUnavailable: 1, selector: {matchLabels: {k8s-app: kube-dns}}}
---
apiVersion: v1
kind: Service
metadata: {name: kube-dns, namespace: kube-system, labels: {k8s-app: kube-dns}}
spec:
  clusterIP: $CLUSTER_DNS
  selector: {k8s-app: kube-dns}
  ports:
  - {name: dns, port: 53, protocol: UDP}
  - {name: dns-tcp, port: 53, protocol: TCP}
Y
}

# A local-path StorageClass is not needed for the trial shape's PVCs: a tiny provisioner loop in
# this script binds each pending claim to a hostPath PersistentVolume under the state directory.
provision_pvs() {
  local line ns name size
  kc get pvc -A --no-headers -o custom-columns=NS:.metadata.namespace,N:.metadata.name,S:.spec.resources.requests.storage,P:.status.phase 2>/dev/null \
   | awk '$4=="Pending"{print $1, $2, $3}' | while read -r ns name size; do
    local pv="pv-$ns-$name" dir="$K8S_STATE/volumes/$ns-$name"
    kc get pv "$pv" >/dev/null 2>&1 && continue
    mkdir -p "$dir"; chmod 0777 "$dir"
    kc apply -f - >/dev/null <<Y
apiVersion: v1
kind: PersistentVolume
metadata: {name: $pv, labels: {cskh-k8s/local: "true"}}
spec:
  capacity: {storage: $size}
  accessModes: [ReadWriteOnce]
  persistentVolumeReclaimPolicy: Delete
  claimRef: {namespace: $ns, name: $name}
  hostPath: {path: $dir, type: DirectoryOrCreate}
Y
  done
}

up() {
  local t0=$SECONDS ip name; deps
  ip=$(node_ip); name=$(node_name); [ -n "$ip" ] || die "no node address"
  guard                                   # before anything of the cluster starts
  build
  bash "$K8S_ROOT/scripts/k8s/images.sh" system
  config
  sysctl -qw net.ipv4.ip_forward=1 net.bridge.bridge-nf-call-iptables=1 2>/dev/null || modprobe br_netfilter 2>/dev/null || true
  sysctl -qw net.bridge.bridge-nf-call-iptables=1 2>/dev/null || true
  local R=$K8S_STATE
  isup containerd || bgrun containerd containerd --config "$R/containerd/config.toml"
  waitfor 30 containerd ctr -a "$SOCK" version
  local img; for img in "$IMAGES"/system/*.tar; do import_image "$img"; done
  isup etcd || bgrun etcd "$B/etcd" --name cskh --data-dir "$R/etcd" --listen-client-urls http://127.0.0.1:2379 \
    --advertise-client-urls http://127.0.0.1:2379 --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://127.0.0.1:2380 \
    --initial-cluster cskh=http://127.0.0.1:2380 --listen-metrics-urls http://127.0.0.1:2381 --quota-backend-bytes=2147483648
  waitfor 30 etcd curl -sf http://127.0.0.1:2379/health
  isup kube-apiserver || bgrun kube-apiserver "$B/kube-apiserver" --etcd-servers=http://127.0.0.1:2379 --advertise-address="$ip" --bind-address="$ip" --secure-port=6443 \
    --service-cluster-ip-range="$SERVICE_CIDR" --service-node-port-range=30000-32767 --client-ca-file="$P/ca.crt" --tls-cert-file="$P/apiserver.crt" --tls-private-key-file="$P/apiserver.key" \
    --service-account-key-file="$P/sa.pub" --service-account-signing-key-file="$P/sa.key" --service-account-issuer=https://kubernetes.default.svc.cluster.local \
    --authorization-mode=Node,RBAC --enable-admission-plugins=NodeRestriction --allow-privileged=true \
    --kubelet-client-certificate="$P/apiserver-kubelet-client.crt" --kubelet-client-key="$P/apiserver-kubelet-client.key" --kubelet-preferred-address-types=InternalIP
  waitfor 120 kube-apiserver sh -c "[ \"\$(curl -sk https://$ip:6443/readyz)\" = ok ]"
  local k=$P/controller-manager.kubeconfig s=$P/scheduler.kubeconfig
  isup kube-controller-manager || bgrun kube-controller-manager "$B/kube-controller-manager" --kubeconfig="$k" --authentication-kubeconfig="$k" --authorization-kubeconfig="$k" \
    --service-account-private-key-file="$P/sa.key" --root-ca-file="$P/ca.crt" --cluster-signing-cert-file="$P/ca.crt" --cluster-signing-key-file="$P/ca.key" \
    --use-service-account-credentials=true --leader-elect=false --bind-address=127.0.0.1 --controllers='*,-nodeipam'
  isup kube-scheduler || bgrun kube-scheduler "$B/kube-scheduler" --kubeconfig="$s" --authentication-kubeconfig="$s" --authorization-kubeconfig="$s" --leader-elect=false --bind-address=127.0.0.1
  isup kubelet || bgrun kubelet "$B/kubelet" --config="$R/kubelet/config.yaml" --kubeconfig="$P/kubelet.kubeconfig" --root-dir="$R/kubelet/root" --hostname-override="$name" --node-ip="$ip"
  isup kube-proxy || bgrun kube-proxy "$B/kube-proxy" --kubeconfig="$P/kube-proxy.kubeconfig" --hostname-override="$name" --cluster-cidr="$POD_CIDR" \
    --proxy-mode=iptables --metrics-bind-address=127.0.0.1:10249 --healthz-bind-address=127.0.0.1:10256 --nodeport-addresses="$ip/32" \
    --v=2   # its "SyncProxyRules complete" lines: when each change reached the node's rules (scripts/k8s/timeline.ts)
  waitfor 120 "node $name Ready" kc wait --for=condition=Ready "node/$name" --timeout=2s
  [ "$K8S_NODES" = 1 ] || n2_up
  kc get ns kube-system >/dev/null
  coredns_manifest | kc apply -f - >/dev/null
  waitfor 120 "CoreDNS" kc -n kube-system rollout status deploy/coredns --timeout=2s
  # the provisioner loop (pending PVCs → hostPath PVs), by pid like the rest
  if ! isup provisioner; then
    bgrun provisioner bash -c ". '$K8S_ROOT/scripts/k8s/lib.sh'; $(declare -f provision_pvs kc); while true; do provision_pvs; sleep 2; done"
  fi
  timing cluster-up $((SECONDS-t0))
  log "cluster up in $((SECONDS-t0))s: node $name ($ip)$([ "$K8S_NODES" = 1 ] || echo " and $N2_NAME ($N2_IP)"), KUBECONFIG=$KUBECONFIG"
}

stopn() {
  isup "$1" || { rm -f "$K8S_STATE/pids/$1"; return 0; }
  local p; p=$(cat "$K8S_STATE/pids/$1"); kill "$p" 2>/dev/null || true
  for _ in $(seq 40); do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$p" 2>/dev/null && kill -9 "$p" 2>/dev/null || true
  rm -f "$K8S_STATE/pids/$1"; log "stopped $1 ($p)"
}

down() {
  set +e +o pipefail   # best effort: every step runs
  local R=$K8S_STATE
  stopn provisioner
  stopn host-kafka   # the production-shape test's broker, if a run was interrupted
  if isup kube-apiserver && isup kubelet; then
    timeout 60 "$B/kubectl" delete ns -l cskh-k8s/test=true --wait=false >/dev/null 2>&1
    timeout 90 "$B/kubectl" delete deploy,rs,sts,ds,job,pod --all -A --wait=true --timeout=60s >/dev/null 2>&1
  fi
  n2_down
  stopn kube-proxy
  [ -x "$B/kube-proxy" ] && timeout 30 "$B/kube-proxy" --cleanup >/dev/null 2>&1
  local n; for n in kubelet kube-scheduler kube-controller-manager kube-apiserver etcd; do stopn "$n"; done
  if isup containerd; then
    local C="ctr -a $SOCK -n k8s.io" tk c
    for tk in $($C tasks ls -q 2>/dev/null); do $C tasks kill -s SIGKILL "$tk" 2>/dev/null; done; sleep 1
    for tk in $($C tasks ls -q 2>/dev/null); do $C tasks rm -f "$tk" >/dev/null 2>&1; done
    for c in $($C containers ls -q 2>/dev/null); do $C containers rm "$c" >/dev/null 2>&1; done
    stopn containerd
  fi
  # leftover shims (each container's containerd-shim, started by our containerd)
  for p in $(pgrep -f "containerd-shim-runc-v2 -namespace k8s.io .*-address $SOCK" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  grep -E " ($R|$SOCK_DIR)[/ ]" /proc/self/mountinfo | awk '{print $5}' | sort -r | while read -r m; do umount -l "$m" 2>/dev/null; done
  # pod network namespaces created by the CNI for our sandboxes
  for m in $(grep -E ' /run/netns/cni-' /proc/self/mountinfo | awk '{print $5}'); do umount -l "$m" 2>/dev/null; rm -f "$m"; done
  ip link del "$BRIDGE" 2>/dev/null
  rm -rf "/var/lib/cni/networks/$CNI_NET" /var/lib/cni/results/"$CNI_NET"-*
  local ipt tb r c
  for ipt in iptables ip6tables; do for tb in filter nat mangle; do
    $ipt -t "$tb" -S 2>/dev/null | grep -E '^-A [A-Z]+ .*-j (KUBE-|CNI-)' | grep -vE '^-A (KUBE-|CNI-)' | sed 's/^-A/-D/' | while read -r r; do eval "$ipt -t $tb $r"; done
    for c in $($ipt -t "$tb" -S 2>/dev/null | awk '/^-N (KUBE-|CNI-)/{print $2}'); do $ipt -t "$tb" -F "$c"; done
    for c in $($ipt -t "$tb" -S 2>/dev/null | awk '/^-N (KUBE-|CNI-)/{print $2}'); do $ipt -t "$tb" -X "$c"; done
  done; done
  rmdir /sys/fs/cgroup/cpu/cskh-outside 2>/dev/null   # test-k8s's CPU cgroup of what stands outside the cluster (harness.ts)
  # node 1's kubelet's pod cgroups (/kubepods in every hierarchy; node 2's go with n2_down): empty now
  local h; for h in /sys/fs/cgroup/*/kubepods; do [ -d "$h" ] && find "$h" -depth -type d -exec rmdir {} + 2>/dev/null; done
  # cluster data (etcd, volumes, kubelet, containerd state); binaries, images and the Go caches stay
  rm -rf "$R/etcd" "$R/volumes" "$R/kubelet" "$R/containerd/root" "$SOCK_DIR"
  # the guard goes last: nothing of the cluster is left to send packets
  iptables -t mangle -S POSTROUTING 2>/dev/null | grep -- "$GUARD_COMMENT" | sed 's/^-A/-D/' | while read -r r; do eval "iptables -t mangle $r"; done
  log "cluster down"
  return 0
}

status() {
  local n; for n in containerd etcd kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy containerd-n2 kubelet-n2 kube-proxy-n2 provisioner; do
    if isup "$n"; then echo "$n: running (pid $(cat "$K8S_STATE/pids/$n"))"; else echo "$n: stopped"; fi; done
  isup kube-apiserver && kc get nodes -o wide
  iptables -t mangle -S POSTROUTING | grep -- "$GUARD_COMMENT" || echo "guard: absent"
}

case "${1:-up}" in
  deps|build|config|up|down|status|guard) "$1" ;;
  build-go) build_go ;;
  *) echo "usage: $0 up|down|build|build-go|status" >&2; exit 2 ;;
esac
