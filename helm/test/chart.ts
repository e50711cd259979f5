/**
 * Helpers of the chart tests: run the project-local helm (.cache/bin/helm, installed by
 * scripts/helm/install-helm.sh), render the chart for a set of values files, and look objects up.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const ROOT = resolve(__dirname, '..', '..');
export const CHART = join(ROOT, 'helm', 'cskh');
export const HELM = process.env.HELM_BIN ?? join(ROOT, '.cache', 'bin', 'helm');
/** Release name and namespace used by every render (and by k8s/). */
export const RELEASE = 'cskh';
export const NAMESPACE = 'cskh';

/** The values sets every test runs over: file lists relative to the chart. */
export const VALUE_SETS: Record<string, string[]> = {
  default: [],
  dev: ['values-dev.yaml'],
  'all-features': ['ci/all-features.yaml'],
};

export function requireHelm(): string {
  if (!existsSync(HELM)) {
    throw new Error(
      `helm is not installed at ${HELM}.\n` +
        `Install the pinned version (a Go build, a few minutes the first time) with:\n` +
        `  bash scripts/helm/install-helm.sh\n` +
        `(.ci/run does this before the tests.)`,
    );
  }
  return HELM;
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function helm(args: string[]): HelmResult {
  const r = spawnSync(requireHelm(), args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function valuesArgs(files: string[]): string[] {
  return files.flatMap((f) => ['-f', join(CHART, f)]);
}

/** `helm template` output (YAML text). Throws with helm's message on failure. */
export function templateText(files: string[], extra: string[] = [], chart = CHART): string {
  return execFileSync(
    requireHelm(),
    ['template', RELEASE, chart, '--namespace', NAMESPACE, ...valuesArgs(files), ...extra],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

export function parseObjects(text: string): K8sObject[] {
  const out: K8sObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`invalid YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
    const obj = doc.toJS();
    if (obj) out.push(obj);
  }
  return out;
}

const cache = new Map<string, K8sObject[]>();
export function render(set: string): K8sObject[] {
  if (!cache.has(set)) cache.set(set, parseObjects(templateText(VALUE_SETS[set])));
  return cache.get(set)!;
}

export const ofKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);

export interface PodTemplateOwner {
  owner: K8sObject;
  labels: Record<string, string>;
  spec: any;
}

/** Every pod template: Deployments, StatefulSets, Jobs. */
export function podTemplates(objs: K8sObject[]): PodTemplateOwner[] {
  return objs
    .filter((o) => ['Deployment', 'StatefulSet', 'Job', 'DaemonSet'].includes(o.kind))
    .map((o) => ({ owner: o, labels: o.spec.template.metadata?.labels ?? {}, spec: o.spec.template.spec }));
}

/** Kubernetes label-selector semantics (matchLabels + matchExpressions). */
export function selects(selector: any, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    const val = labels[e.key];
    if (e.operator === 'In' && !(has && e.values.includes(val))) return false;
    if (e.operator === 'NotIn' && has && e.values.includes(val)) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

export const id = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

/**
 * Custom resources the chart may render (no kubernetes-models schema): each with a check of the
 * fields that decide whether it works. Key: `apiVersion kind`.
 */
export const CUSTOM_RESOURCES: Record<string, (o: K8sObject, all: K8sObject[]) => string[]> = {
  'monitoring.coreos.com/v1 ServiceMonitor': (o, all) => {
    const problems: string[] = [];
    const sel: Record<string, string> = o.spec?.selector?.matchLabels ?? {};
    if (Object.keys(sel).length === 0) problems.push('spec.selector.matchLabels is empty');
    const services = all.filter((s) => s.kind === 'Service' && Object.entries(sel).every(([k, v]) => s.metadata.labels?.[k] === v));
    if (services.length === 0) problems.push('selects no Service');
    for (const ep of o.spec?.endpoints ?? []) {
      if (!/^[0-9]+(ms|s|m|h)$/.test(ep.interval ?? '')) problems.push(`endpoint interval ${ep.interval}`);
      const without = services.filter((s) => !(s.spec.ports ?? []).some((p: any) => p.name === ep.port)).map((s) => s.metadata.name);
      if (without.length) problems.push(`port "${ep.port}" missing on ${without.join(', ')}`);
    }
    if (!(o.spec?.endpoints ?? []).length) problems.push('no endpoints');
    return problems;
  },
  'monitoring.coreos.com/v1 PrometheusRule': (o) => {
    const groups: Array<{ name?: string; rules?: Array<{ alert?: string; expr?: string; for?: string }> }> = o.spec?.groups ?? [];
    const problems: string[] = [];
    if (groups.length === 0) problems.push('no rule groups');
    for (const g of groups) {
      if (!g.name) problems.push('a group without a name');
      if (!(g.rules ?? []).length) problems.push(`group ${g.name} has no rules`);
      for (const r of g.rules ?? []) {
        if (!r.alert || !r.expr) problems.push(`group ${g.name}: a rule without alert or expr`);
        if (r.for !== undefined && !/^[0-9]+(ms|s|m|h)$/.test(r.for)) problems.push(`${r.alert}: for ${r.for}`);
      }
    }
    return problems;
  },
};
export const customCheckOf = (o: K8sObject) => CUSTOM_RESOURCES[`${o.apiVersion} ${o.kind}`];
