/**
 * The Helm chart (helm/cskh), proven without a cluster: lint, render, validate every object against
 * the Kubernetes API schemas offline (kubernetes-models), and assert the invariants an SRE relies on.
 */
import { Buffer } from 'node:buffer';
import { CHART, K8sObject, customCheckOf, NAMESPACE, RELEASE, VALUE_SETS, helm, id, ofKind, parseObjects, podTemplates, render, requireHelm, selects, templateText, valuesArgs } from './chart';

const SETS = Object.keys(VALUE_SETS);
/** Containers allowed a writable root filesystem, and why: the Kafka image writes its config at start. */
const WRITABLE_ROOT = new Set(['StatefulSet/cskh-kafka:kafka']);

beforeAll(() => {
  requireHelm();
});

function loadModel(apiVersion: string, kind: string): any {
  // kubernetes-models lays its classes out as <group>/<version>/<Kind> ("v1/Service", "apps/v1/Deployment").
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the model's path is computed per object, and loaded synchronously inside a test
  const mod = require(`kubernetes-models/${apiVersion}/${kind}`);
  return mod[kind] ?? mod.default;
}

const containersOf = (spec: any) => [...(spec.initContainers ?? []), ...(spec.containers ?? [])];

describe.each(SETS)('values set %s', (set) => {
  const objs = () => render(set);

  test('helm lint --strict passes', () => {
    const r = helm(['lint', CHART, '--strict', '--namespace', NAMESPACE, ...valuesArgs(VALUE_SETS[set])]);
    expect({ status: r.status, out: r.status === 0 ? '' : r.stdout + r.stderr }).toEqual({ status: 0, out: '' });
  });

  test('renders objects with unique kind/name, all in the release namespace', () => {
    const list = objs();
    expect(list.length).toBeGreaterThan(10);
    const ids = list.map(id);
    expect(ids.filter((x, i) => ids.indexOf(x) !== i)).toEqual([]);
    for (const o of list) {
      expect(o.metadata.namespace === undefined || o.metadata.namespace === NAMESPACE).toBe(true);
      expect(o.metadata.labels?.['app.kubernetes.io/instance']).toBe(RELEASE);
      expect(o.metadata.labels?.['app.kubernetes.io/managed-by']).toBe('Helm');
    }
  });

  test('every object is valid against the Kubernetes API schema (kubernetes-models)', () => {
    const problems: string[] = [];
    for (const o of objs()) {
      const custom = customCheckOf(o);
      if (custom) {
        problems.push(...custom(o, objs()).map((p) => `${id(o)}: ${p}`));
        continue;
      }
      let Model: any;
      try {
        Model = loadModel(o.apiVersion, o.kind);
      } catch {
        problems.push(`${id(o)}: no schema for ${o.apiVersion} ${o.kind}`);
        continue;
      }
      try {
        new Model(o).validate();
      } catch (err) {
        problems.push(`${id(o)}: ${(err as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('every container has probes, resources and the restricted security context', () => {
    const problems: string[] = [];
    for (const { owner, spec } of podTemplates(objs())) {
      const longRunning = owner.kind !== 'Job';
      const podSc = spec.securityContext ?? {};
      if (spec.automountServiceAccountToken !== false) problems.push(`${id(owner)}: mounts a service-account token`);
      if (podSc.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${id(owner)}: no RuntimeDefault seccomp profile`);
      for (const c of containersOf(spec)) {
        const where = `${id(owner)}:${c.name}`;
        const sc = c.securityContext ?? {};
        if (longRunning) {
          if (!c.livenessProbe) problems.push(`${where}: no livenessProbe`);
          if (!c.readinessProbe) problems.push(`${where}: no readinessProbe`);
        }
        if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory) problems.push(`${where}: no cpu/memory requests`);
        if (!c.resources?.limits?.memory) problems.push(`${where}: no memory limit`);
        if (!(sc.runAsNonRoot ?? podSc.runAsNonRoot)) problems.push(`${where}: not runAsNonRoot`);
        if ((sc.runAsUser ?? podSc.runAsUser) === 0) problems.push(`${where}: runs as uid 0`);
        if (sc.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
        if (!(sc.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where}: capabilities not dropped (ALL)`);
        if (sc.privileged) problems.push(`${where}: privileged`);
        if (sc.readOnlyRootFilesystem !== true && !WRITABLE_ROOT.has(where.replace(`${RELEASE}-`, 'cskh-')))
          problems.push(`${where}: root filesystem is not read-only`);
        const tmp = (c.volumeMounts ?? []).find((m: any) => m.mountPath === '/tmp');
        const vol = tmp && (spec.volumes ?? []).find((v: any) => v.name === tmp.name);
        if (!vol?.emptyDir) problems.push(`${where}: no emptyDir on /tmp`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('application pods: gRPC services probe grpc.health.v1, HTTP components /healthz and /readyz; graceful termination', () => {
    for (const d of ofKind(objs(), 'Deployment')) {
      const spec = d.spec.template.spec;
      const c = spec.containers[0];
      const component = d.metadata.labels!['app.kubernetes.io/component'];
      expect(c.args).toEqual([component]);
      const port = c.ports[0];
      if (port.name === 'grpc') {
        for (const p of [c.livenessProbe, c.readinessProbe, c.startupProbe]) expect(p.grpc).toEqual({ port: port.containerPort });
      } else {
        expect(c.livenessProbe.httpGet.path).toBe('/healthz');
        expect(['/readyz', '/healthz']).toContain(c.readinessProbe.httpGet.path);
        if (component !== 'carrier-sim') expect(c.readinessProbe.httpGet.path).toBe('/readyz');
      }
      // terminationGracePeriodSeconds covers SHUTDOWN_GRACE_MS plus the preStop sleep.
      const cm = ofKind(objs(), 'ConfigMap').find((m) => m.metadata.name === c.envFrom[0].configMapRef.name)!;
      const graceMs = Number(cm.data.SHUTDOWN_GRACE_MS ?? 10000);
      const sleep = Number(c.lifecycle?.preStop?.exec?.command?.[1] ?? 0);
      expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(Math.ceil(graceMs / 1000) + sleep);
      if (['gateway', 'realtime'].includes(component)) expect(sleep).toBeGreaterThan(0);
    }
  });

  test('every Service selects a pod template, and its target port is a named container port', () => {
    const pods = podTemplates(objs()).filter((p) => p.owner.kind !== 'Job');
    for (const s of ofKind(objs(), 'Service')) {
      const matching = pods.filter((p) => selects({ matchLabels: s.spec.selector }, p.labels));
      expect({ service: s.metadata.name, matches: matching.length }).toEqual({ service: s.metadata.name, matches: 1 });
      const names = matching[0].spec.containers.flatMap((c: any) => (c.ports ?? []).map((p: any) => p.name));
      for (const p of s.spec.ports) expect(names).toContain(p.targetPort);
    }
  });

  test('every NetworkPolicy (and every pod peer in it) selects existing pods; default deny covers every pod', () => {
    const pods = podTemplates(objs());
    const policies = ofKind(objs(), 'NetworkPolicy');
    const enabled = policies.length > 0;
    for (const np of policies) {
      expect({ policy: np.metadata.name, selects: pods.some((p) => selects(np.spec.podSelector, p.labels)) }).toEqual({
        policy: np.metadata.name,
        selects: true,
      });
      const peers = [...(np.spec.ingress ?? []).flatMap((r: any) => r.from ?? []), ...(np.spec.egress ?? []).flatMap((r: any) => r.to ?? [])];
      for (const peer of peers) {
        if (peer.podSelector && !peer.namespaceSelector) {
          expect({ policy: np.metadata.name, peer, selects: pods.some((p) => selects(peer.podSelector, p.labels)) }).toEqual({
            policy: np.metadata.name,
            peer,
            selects: true,
          });
        }
      }
    }
    if (enabled) {
      const deny = policies.find((p) => p.metadata.name.endsWith('-default-deny'))!;
      expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      expect(deny.spec.ingress ?? []).toEqual([]);
      expect(deny.spec.egress ?? []).toEqual([]);
      for (const p of pods) expect(selects(deny.spec.podSelector, p.labels)).toBe(true);
    }
  });

  test('no Secret value appears in a ConfigMap, and no secret-looking key is in one', () => {
    const secretValues = new Set<string>();
    for (const s of ofKind(objs(), 'Secret')) {
      for (const v of Object.values<string>(s.data ?? {})) secretValues.add(Buffer.from(v, 'base64').toString('utf8'));
      for (const v of Object.values<string>(s.stringData ?? {})) secretValues.add(v);
    }
    const problems: string[] = [];
    for (const cm of ofKind(objs(), 'ConfigMap')) {
      for (const [k, v] of Object.entries<string>(cm.data ?? {})) {
        if (/SECRET|PASSWORD|TOKEN|_KEY$|DATABASE_URL|REDIS_URL/.test(k)) problems.push(`${cm.metadata.name}: key ${k} looks secret`);
        for (const s of secretValues) if (s.length >= 8 && v.includes(s)) problems.push(`${cm.metadata.name}: ${k} contains a Secret value`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('every env reference resolves: ConfigMaps exist, Secret keys exist in the chart Secret or name a declared existing Secret', () => {
    const configMaps = new Set(ofKind(objs(), 'ConfigMap').map((c) => c.metadata.name));
    const secrets = new Map(ofKind(objs(), 'Secret').map((s) => [s.metadata.name, Object.keys(s.data ?? {})]));
    for (const { owner, spec } of podTemplates(objs())) {
      for (const c of containersOf(spec)) {
        for (const e of c.envFrom ?? []) if (e.configMapRef) expect(configMaps).toContain(e.configMapRef.name);
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (!ref) continue;
          if (secrets.has(ref.name)) expect({ owner: id(owner), env: e.name, key: secrets.get(ref.name)!.includes(ref.key) }).toEqual({ owner: id(owner), env: e.name, key: true });
          // Otherwise a Secret the SRE provides; NOTES.txt lists it.
        }
      }
    }
  });

  test('PDBs, HPAs and the Ingress point at what exists', () => {
    const deployments = ofKind(objs(), 'Deployment');
    const pods = podTemplates(objs());
    for (const pdb of ofKind(objs(), 'PodDisruptionBudget')) expect(pods.some((p) => selects(pdb.spec.selector, p.labels))).toBe(true);
    for (const hpa of ofKind(objs(), 'HorizontalPodAutoscaler')) {
      const d = deployments.find((x) => x.metadata.name === hpa.spec.scaleTargetRef.name);
      expect(d).toBeDefined();
      expect(d!.spec.replicas).toBeUndefined(); // the HPA owns the replica count
      expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    }
    for (const ing of ofKind(objs(), 'Ingress')) {
      const backend = ing.spec.rules[0].http.paths[0].backend.service;
      const svc = ofKind(objs(), 'Service').find((s) => s.metadata.name === backend.name);
      expect(svc?.metadata.labels?.['app.kubernetes.io/component']).toBe('gateway');
      expect(svc!.spec.ports.map((p: any) => p.name)).toContain(backend.port.name);
      expect(ing.spec.rules).toHaveLength(1);
    }
  });
});

describe('production defaults', () => {
  const objs = () => render('default');
  const names = (kind: string) => ofKind(objs(), kind).map((o) => o.metadata.labels?.['app.kubernetes.io/component']);

  test('HPAs for gateway, realtime and lookup; PDBs for every multi-replica component', () => {
    expect(names('HorizontalPodAutoscaler').sort()).toEqual(['gateway', 'lookup', 'realtime']);
    expect(names('PodDisruptionBudget').sort()).toEqual(names('Deployment').sort());
    for (const d of ofKind(objs(), 'Deployment')) {
      const tsc = d.spec.template.spec.topologySpreadConstraints ?? [];
      // the node only by default: a zone key on nodes without zone labels voids the whole spread
      expect(tsc.map((t: any) => t.topologyKey)).toEqual(['kubernetes.io/hostname']);
    }
  });

  test('no in-cluster databases; migrations are a pre-install/pre-upgrade hook with services not migrating at start', () => {
    expect(ofKind(objs(), 'StatefulSet')).toEqual([]);
    const job = ofKind(objs(), 'Job')[0];
    expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(job.spec.template.spec.containers[0].args).toEqual(['migrate']);
    for (const cm of ofKind(objs(), 'ConfigMap')) if ('GRPC_PORT' in cm.data) expect(cm.data.MIGRATE_ON_START).toBe('false');
  });

  test('generated secrets: the chart Secret is a hook that exists before the migrate Job, with random values', () => {
    const s = ofKind(objs(), 'Secret')[0];
    expect(s.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(Number(s.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(0);
    expect(Object.keys(s.data).sort()).toEqual(['admin-password', 'jwt-secret', 'system-account-key']);
    for (const v of Object.values<string>(s.data)) expect(Buffer.from(v, 'base64').toString().length).toBeGreaterThanOrEqual(32);
    const again = ofKind(render('all-features'), 'Secret').find((x) => x.metadata.name === s.metadata.name)!;
    expect(again.data['admin-password']).not.toEqual(s.data['admin-password']); // random per fresh install
  });

  test('sticky sessions for Socket.IO polling: ingress cookie affinity and ClientIP on realtime', () => {
    const ing = ofKind(objs(), 'Ingress')[0];
    expect(ing.metadata.annotations?.['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    const rt = ofKind(objs(), 'Service').find((s) => s.metadata.labels?.['app.kubernetes.io/component'] === 'realtime')!;
    expect(rt.spec.sessionAffinity).toBe('ClientIP');
  });

  test('NetworkPolicies: browser traffic only to the gateway; services only from their callers', () => {
    const policies = ofKind(objs(), 'NetworkPolicy');
    const of = (c: string) => policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === c)!;
    const fromComponents = (np: K8sObject) =>
      (np.spec.ingress ?? []).flatMap((r: any) => r.from ?? []).flatMap((p: any) => p.podSelector?.matchExpressions?.find((e: any) => e.key === 'app.kubernetes.io/component')?.values ?? []);
    // Prometheus may reach every pod, on the metrics port and nothing else.
    const metricsPort = 9464;
    const isMetricsRule = (r: any) => (r.ports ?? []).length === 1 && r.ports[0].port === metricsPort;
    const served = new Set(ofKind(objs(), 'Deployment').map((d) => d.metadata.labels?.['app.kubernetes.io/component']));
    for (const np of policies.filter((p) => served.has(p.spec.podSelector.matchLabels?.['app.kubernetes.io/component']))) {
      const rules = (np.spec.ingress ?? []).filter(isMetricsRule);
      expect({ np: np.metadata.name, from: rules.flatMap((r: any) => r.from) }).toEqual({
        np: np.metadata.name,
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
      });
    }
    const fromNamespaces = (np: K8sObject) =>
      (np.spec.ingress ?? []).filter((r: any) => !isMetricsRule(r)).flatMap((r: any) => r.from ?? []).filter((p: any) => p.namespaceSelector || p.ipBlock);
    expect(fromNamespaces(of('gateway'))).toHaveLength(1);
    for (const c of ['realtime', 'auth', 'lookup']) expect(fromNamespaces(of(c))).toEqual([]);
    expect(fromComponents(of('auth')).sort()).toEqual(['care', 'gateway', 'lookup']);
    expect(fromComponents(of('lookup'))).toEqual(['gateway']);
    // Orders' 'Mời tự động' goes through care's Invite.
    expect(fromComponents(of('care')).sort()).toEqual(['gateway', 'orders']);
    // Care takes data-split numbers from dataops.
    expect(fromComponents(of('dataops')).sort()).toEqual(['care', 'gateway']);
    expect(fromComponents(of('realtime'))).toEqual(['gateway']);
    // Egress: DNS for every pod; PostgreSQL only for the services and the migrate Job.
    const dns = policies.find((p) => p.metadata.name.endsWith('-dns'))!;
    expect(dns.spec.egress[0].ports.map((p: any) => p.port)).toEqual([53, 53]);
    const egressPorts = (c: string) => (of(c).spec.egress ?? []).flatMap((r: any) => (r.ports ?? []).map((p: any) => p.port));
    expect(egressPorts('gateway')).not.toContain(5432);
    expect(egressPorts('auth')).toContain(5432);
    expect(egressPorts('lookup')).toEqual(expect.arrayContaining([5432, 6379, 9092, 443, 50051]));
  });
});

describe('an external carrier endpoint', () => {
  test('lookup gets CARRIER_URL/USERNAME from values and CARRIER_PASSWORD from the named Secret; egress goes only there', () => {
    const objs = parseObjects(
      templateText([], [
        '--set', 'carrier.url=https://carrier.example.net/api',
        '--set', 'carrier.username=cskh',
        '--set', 'carrier.existingSecret=carrier-creds',
        '--set-json', 'carrier.to=[{"ipBlock":{"cidr":"203.0.113.0/24"}}]',
        '--set-json', 'carrier.ports=[8443]',
      ]),
    );
    const cm = ofKind(objs, 'ConfigMap').find((c) => c.metadata.name === 'cskh-lookup')!;
    expect(cm.data).toMatchObject({ CARRIER_URL: 'https://carrier.example.net/api', CARRIER_USERNAME: 'cskh' });
    const d = ofKind(objs, 'Deployment').find((x) => x.metadata.name === 'cskh-lookup')!;
    const pw = d.spec.template.spec.containers[0].env.find((e: any) => e.name === 'CARRIER_PASSWORD');
    expect(pw.valueFrom.secretKeyRef).toEqual({ name: 'carrier-creds', key: 'carrier-password' });
    const np = ofKind(objs, 'NetworkPolicy').find((x) => x.metadata.name === 'cskh-lookup')!;
    expect(np.spec.egress).toContainEqual({ ports: [{ port: 8443, protocol: 'TCP' }], to: [{ ipBlock: { cidr: '203.0.113.0/24' } }] });
    // only the components that declare `uses: [carrier]` (lookup; care's invitations; orders' 'Tra ĐTCT';
    // dataops' scans; refunds' card gateways) learn about it
    const users = ['cskh-care', 'cskh-dataops', 'cskh-lookup', 'cskh-orders', 'cskh-refunds'];
    for (const c of ofKind(objs, 'ConfigMap')) {
      if (users.includes(c.metadata.name)) expect(c.data.CARRIER_URL).toBe('https://carrier.example.net/api');
      else expect(c.data.CARRIER_URL).toBeUndefined();
    }
  });
});

describe('trial cluster (values-dev.yaml)', () => {
  const objs = () => render('dev');

  test('single-replica PostgreSQL, Redis and Kafka (KRaft) StatefulSets with persistent volumes', () => {
    const sts = ofKind(objs(), 'StatefulSet');
    expect(sts.map((s) => s.metadata.labels?.['app.kubernetes.io/component']).sort()).toEqual(['kafka', 'postgresql', 'redis']);
    for (const s of sts) {
      expect(s.spec.replicas).toBe(1);
      expect(s.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toMatch(/Gi$/);
    }
    const kafka = sts.find((s) => s.metadata.name.endsWith('-kafka'))!;
    const env = Object.fromEntries(kafka.spec.template.spec.containers[0].env.map((e: any) => [e.name, e.value]));
    expect(env.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(env.CLUSTER_ID).toHaveLength(22);
  });

  test('one replica everywhere, no HPAs, and the first migration runs once the in-cluster database exists', () => {
    for (const d of ofKind(objs(), 'Deployment')) expect(d.spec.replicas).toBe(1);
    expect(ofKind(objs(), 'HorizontalPodAutoscaler')).toEqual([]);
    // On install, an ordinary Job (not a post-install hook: `helm install --wait` waits for the
    // services before post-install hooks, and they need the schema) that waits for PostgreSQL.
    const [job] = ofKind(objs(), 'Job');
    expect(job.metadata.name).toBe('cskh-migrate-install');
    expect(job.metadata.annotations?.['helm.sh/hook']).toBeUndefined();
    expect(job.spec.template.spec.initContainers[0].name).toBe('wait-for-postgresql');
  });

  test('upgrades with the in-cluster database migrate in a pre-upgrade hook', () => {
    const [job] = ofKind(parseObjects(templateText(VALUE_SETS.dev, ['--is-upgrade'])), 'Job');
    expect(job.metadata.name).toBe('cskh-migrate');
    expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
  });

  test('generated connection URLs use the generated passwords', () => {
    const s = ofKind(objs(), 'Secret')[0];
    const get = (k: string) => Buffer.from(s.data[k], 'base64').toString();
    expect(get('database-url')).toBe(`postgres://cskh:${get('postgres-password')}@cskh-postgresql:5432/cskh`);
    expect(get('redis-url')).toBe(`redis://:${get('redis-password')}@cskh-redis:6379/0`);
  });
});

describe('values.schema.json rejects wrong values at install time', () => {
  const fails = (args: string[]) => helm(['template', RELEASE, CHART, ...args]);
  test.each([
    ['an unknown component kind', ['--set', 'components.gateway.kind=tcp']],
    ['an unknown top-level key', ['--set', 'replicaCount=3']],
    ['a typo in a component key', ['--set', 'components.auth.replica=3']],
    ['an unknown dependency', ['--set', 'components.auth.uses={mysql}']],
    ['an http component without probes paths', ['--set', 'components.extra.kind=http', '--set', 'components.extra.port=80']],
    ['a malformed Kafka broker list', ['--set', 'kafka.external.brokers=kafka']],
    ['a bad image digest', ['--set', 'image.digest=latest']],
    ['an empty ingress host', ['--set', 'ingress.host=']],
  ])('%s', (_what, args) => {
    const r = fails(args);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/schema|values|required|invalid|error/i);
  });

  test('no database configured at all fails with a clear message', () => {
    const r = fails(['--set', 'postgresql.external.existingSecret=']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('postgresql.external.existingSecret');
  });
});
