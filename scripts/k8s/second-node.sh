#!/usr/bin/env bash
# The test cluster's second node on the same machine (sourced by cluster.sh, after lib.sh): its own
# network namespace joined to the host by a veth pair, and in it its own containerd (root, state,
# socket), kubelet (root directory, cgroup root, node name and address, certificates) and
# kube-proxy (the namespace's own iptables), registered with the one API server.
#
#   host (node 1)  10.245.0.1 ─ veth ─ 10.245.0.2  netns cskh-n2 (node 2)
#   pods 10.244.0.0/24 on cskhbr0        pods 10.244.1.0/24 on cskhbr1 (inside the namespace)
#
# Routing: the host reaches node 2's pods through the veth; node 2's default route is the host, so
# its pods reach node 1's pods, the API server and the host's PostgreSQL/Redis/Kafka at the node
# address. The node link's range joins the network guard: none of it ever leaves by the uplink.
N2_NAME=${N2_NAME:-cskh-n2}
N2_NETNS=cskh-n2
N2_LINK_CIDR=10.245.0.0/24
N2_HOST_IP=10.245.0.1
N2_IP=10.245.0.2
N2_VETH_HOST=cskhn2h
N2_POD_SUBNET=10.244.1.0/24
N2_BRIDGE=cskhbr1
N2_CNI_NET=cskh-n2
N2_CGROUP=cskh-n2          # the kubelet's cgroup root: node 2's pods under /cskh-n2/kubepods
N2=$K8S_STATE/node2
N2_SOCK_DIR=/run/cskh-k8s-containerd-n2
N2_SOCK=$N2_SOCK_DIR/containerd.sock
# Only the network namespace: `ip netns exec` would also give each process its own mount namespace,
# and the kubelet's volume mounts must be seen by containerd.
n2() { nsenter --net="/run/netns/$N2_NETNS" "$@"; }

n2_pki() {
  [ -f "$P/$N2_NAME.done" ] && [ "$(cat "$P/$N2_NAME.done")" = "$(cat "$P/done")" ] && return 0
  (cd "$P"
   cert() { # name CN O SAN
     openssl genrsa -out "$1.key" 2048 2>/dev/null
     openssl req -new -key "$1.key" -subj "/CN=$2/O=$3" -out "$1.csr" 2>/dev/null
     if [ -n "${4:-}" ]; then printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth,clientAuth\n' "$4" > "$1.ext"
     else printf 'extendedKeyUsage=clientAuth\n' > "$1.ext"; fi
     openssl x509 -req -in "$1.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 -extfile "$1.ext" -out "$1.crt" 2>/dev/null
     rm -f "$1.csr" "$1.ext"
   }
   cert "$N2_NAME-serving" "system:node:$N2_NAME" system:nodes "DNS:$N2_NAME,IP:$N2_IP,IP:127.0.0.1"
   cert "$N2_NAME" "system:node:$N2_NAME" system:nodes
   sed -e "s#$P/kubelet\.#$P/$N2_NAME.#g" kubelet.kubeconfig > "$N2_NAME.kubeconfig"
   cp done "$N2_NAME.done")
}

n2_config() {
  mkdir -p "$N2/containerd" "$N2/cni" "$N2/kubelet/root"
  sed -e "s#$K8S_STATE/containerd/root#$N2/containerd/root#" -e "s#$SOCK_DIR#$N2_SOCK_DIR#g" -e "s#$K8S_STATE/cni#$N2/cni#" \
    "$K8S_STATE/containerd/config.toml" > "$N2/containerd/config.toml"
  cat > "$N2/cni/10-$N2_CNI_NET.conflist" <<J
{"cniVersion": "0.4.0", "name": "$N2_CNI_NET", "plugins": [
  {"type": "bridge", "bridge": "$N2_BRIDGE", "isGateway": true, "ipMasq": false, "hairpinMode": true,
   "ipam": {"type": "host-local", "ranges": [[{"subnet": "$N2_POD_SUBNET"}]], "routes": [{"dst": "0.0.0.0/0"}]}},
  {"type": "portmap", "capabilities": {"portMappings": true}}]}
J
  sed -e "s#$P/kubelet-serving\.#$P/$N2_NAME-serving.#g" -e "s#unix://$SOCK#unix://$N2_SOCK#" "$K8S_STATE/kubelet/config.yaml" > "$N2/kubelet/config.yaml"
  # its own pod cgroups and pod log directory: each kubelet removes what it does not know in its own
  printf 'cgroupRoot: /%s\npodLogsDir: %s\n' "$N2_CGROUP" "$N2/pod-logs" >> "$N2/kubelet/config.yaml"
}

n2_network() {
  # not `ip netns add`: it turns /run/netns into a shared mount of itself, under which the pod
  # namespaces containerd has already mounted there can no longer be removed
  if ! grep -q " /run/netns/$N2_NETNS " /proc/self/mountinfo; then
    mkdir -p /run/netns; touch "/run/netns/$N2_NETNS"; unshare --net="/run/netns/$N2_NETNS" true
  fi
  if ! ip link show "$N2_VETH_HOST" >/dev/null 2>&1; then
    ip link add "$N2_VETH_HOST" type veth peer name eth0 netns "$N2_NETNS"
    ip addr add "$N2_HOST_IP/24" dev "$N2_VETH_HOST"
  fi
  ip link set "$N2_VETH_HOST" up
  n2 ip addr replace "$N2_IP/24" dev eth0
  n2 ip link set lo up; n2 ip link set eth0 up
  n2 ip route replace default via "$N2_HOST_IP"
  ip route replace "$N2_POD_SUBNET" via "$N2_IP"
  n2 sysctl -qw net.ipv4.ip_forward=1
  n2 sysctl -qw net.bridge.bridge-nf-call-iptables=1 2>/dev/null || true
}

# every cgroup hierarchy (v1's, and the v2 one under unified/) gets the kubelet's root before it starts
n2_cgroups() { # mkdir | rmdir
  local d; for d in /sys/fs/cgroup/*/; do
    [ -d "$d" ] && [ -f "$d/cgroup.procs" ] || continue
    if [ "$1" = mkdir ]; then mkdir -p "$d$N2_CGROUP"
      # the weight node 1's kubelet gives its /kubepods (a core is 1024): both nodes' pods get an even share
      if [ -f "$d$N2_CGROUP/cpu.shares" ]; then echo $(($(nproc) * 1024)) > "$d$N2_CGROUP/cpu.shares"; fi
    elif [ -d "$d$N2_CGROUP" ]; then find "$d$N2_CGROUP" -depth -type d -exec rmdir {} + 2>/dev/null; fi
  done
}

n2_up() {
  n2_pki; n2_config; n2_network; n2_cgroups mkdir
  isup containerd-n2 || bgrun containerd-n2 nsenter --net="/run/netns/$N2_NETNS" containerd --config "$N2/containerd/config.toml"
  waitfor 30 "node 2's containerd" ctr -a "$N2_SOCK" version
  local img; for img in "$IMAGES"/system/*.tar; do ctr -a "$N2_SOCK" -n k8s.io images import --no-unpack=false "$img" >/dev/null; done
  isup kubelet-n2 || bgrun kubelet-n2 nsenter --net="/run/netns/$N2_NETNS" "$B/kubelet" --config="$N2/kubelet/config.yaml" \
    --kubeconfig="$P/$N2_NAME.kubeconfig" --root-dir="$N2/kubelet/root" --hostname-override="$N2_NAME" --node-ip="$N2_IP"
  isup kube-proxy-n2 || bgrun kube-proxy-n2 nsenter --net="/run/netns/$N2_NETNS" "$B/kube-proxy" --kubeconfig="$P/kube-proxy.kubeconfig" \
    --hostname-override="$N2_NAME" --cluster-cidr="$POD_CIDR" --proxy-mode=iptables --metrics-bind-address=127.0.0.1:10249 \
    --healthz-bind-address=127.0.0.1:10256 --nodeport-addresses="$N2_IP/32" --v=2
  waitfor 120 "node $N2_NAME Ready" kc wait --for=condition=Ready "node/$N2_NAME" --timeout=2s
}

# before node 1's kubelet stops: node 2's pods, kubelet, kube-proxy, containerd, then its namespace
n2_down() {
  stopn kube-proxy-n2                        # its iptables rules live in the namespace, removed with it
  stopn kubelet-n2
  if isup containerd-n2; then
    local C="ctr -a $N2_SOCK -n k8s.io" tk c
    for tk in $($C tasks ls -q 2>/dev/null); do $C tasks kill -s SIGKILL "$tk" 2>/dev/null; done; sleep 1
    for tk in $($C tasks ls -q 2>/dev/null); do $C tasks rm -f "$tk" >/dev/null 2>&1; done
    for c in $($C containers ls -q 2>/dev/null); do $C containers rm "$c" >/dev/null 2>&1; done
    stopn containerd-n2
  fi
  for p in $(pgrep -f "containerd-shim-runc-v2 -namespace k8s.io .*-address $N2_SOCK" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  grep -E " ($N2|$N2_SOCK_DIR)[/ ]" /proc/self/mountinfo | awk '{print $5}' | sort -r | while read -r m; do umount -l "$m" 2>/dev/null; done
  ip netns del "$N2_NETNS" 2>/dev/null       # its bridge, veth ends and iptables go with it
  ip link del "$N2_VETH_HOST" 2>/dev/null
  ip route del "$N2_POD_SUBNET" 2>/dev/null
  rm -rf "/var/lib/cni/networks/$N2_CNI_NET" /var/lib/cni/results/"$N2_CNI_NET"-* "$N2/kubelet" "$N2/pod-logs" "$N2/containerd/root" "$N2_SOCK_DIR"
  n2_cgroups rmdir
  if isup kube-apiserver; then timeout 30 "$B/kubectl" delete node "$N2_NAME" --ignore-not-found >/dev/null 2>&1; fi
  return 0
}
