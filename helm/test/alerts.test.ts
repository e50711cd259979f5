/**
 * The chart's alerts (helm/cskh/alerts/cskh.rules.yaml, shipped as a PrometheusRule): Prometheus
 * accepts them, each fires on what staff would notice and stays quiet otherwise (`promtool test
 * rules` over helm/test/alerts/*.yaml), every series they read is one the components export, and
 * the dashboard shows each of those series.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { metricsRegistry } from '@cskh/kit/observability';
import { CHART, ROOT, ofKind, parseObjects, templateText } from './chart';

const PROMTOOL = join(ROOT, '.cache', 'bin', 'promtool');
const RULES = join(CHART, 'alerts', 'cskh.rules.yaml');
const TESTS = join(__dirname, 'alerts');

interface Rule {
  alert: string;
  expr: string;
}
const rules = (): Rule[] => (parse(readFileSync(RULES, 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap((g) => g.rules);
const testFiles = () => readdirSync(TESTS).filter((f) => f.endsWith('.yaml'));

function promtool(args: string[]) {
  if (!existsSync(PROMTOOL)) throw new Error(`promtool is not built at ${PROMTOOL}: npm test builds it (scripts/setup.mjs, ensureGoTool).`);
  const r = spawnSync(PROMTOOL, args, { cwd: TESTS, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Series names an expression reads: the components' (cskh_…) and kube-state-metrics' (kube_…). */
const seriesOf = (expr: string) => [...new Set(expr.match(/\b(cskh|kube)_[a-z0-9_]+/g) ?? [])];
/** A histogram's or counter's exported name, as the registry knows it. */
const baseName = (series: string) => series.replace(/_(bucket|count|sum)$/, '').replace(/_total$/, '');

test('the PrometheusRule of the chart holds the alerts file, and only when asked for', () => {
  const on = ofKind(parseObjects(templateText(['ci/all-features.yaml'])), 'PrometheusRule');
  expect(on).toHaveLength(1);
  expect(on[0].metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
  expect(on[0].spec).toEqual(parse(readFileSync(RULES, 'utf8')));
  expect(ofKind(parseObjects(templateText([])), 'PrometheusRule')).toEqual([]);
});

test('promtool accepts the rules', () => {
  expect(promtool(['check', 'rules', RULES])).toMatchObject({ status: 0 });
});

test('every alert fires when it should and not otherwise (promtool test rules)', () => {
  const tested = new Set(testFiles().flatMap((f) => [...readFileSync(join(TESTS, f), 'utf8').matchAll(/alertname: (\w+)/g)].map((m) => m[1])));
  expect(rules().map((r) => r.alert).filter((a) => !tested.has(a))).toEqual([]);
  const r = promtool(['test', 'rules', ...testFiles()]);
  expect({ status: r.status, out: r.status === 0 ? '' : r.out }).toEqual({ status: 0, out: '' });
});

test('every cskh_ series an alert reads is exported by the components', () => {
  const exported = new Set(
    (metricsRegistry.getMetricsAsArray() as Array<{ name: string }>).map((m) => m.name),
  );
  const read = rules().flatMap((r) => seriesOf(r.expr)).filter((s) => s.startsWith('cskh_'));
  expect(read.length).toBeGreaterThan(5);
  expect(read.filter((s) => !exported.has(baseName(s)) && !exported.has(s))).toEqual([]);
  // the rest come from kube-state-metrics (helm/README.md says so)
  const others = rules().flatMap((r) => seriesOf(r.expr)).filter((s) => !s.startsWith('cskh_'));
  expect([...new Set(others)].sort()).toEqual(['kube_deployment_spec_replicas', 'kube_deployment_status_replicas_available']);
});

test('the dashboard shows every series the alerts use', () => {
  const dashboard = JSON.parse(readFileSync(join(CHART, 'dashboards', 'cskh.json'), 'utf8')) as {
    panels: Array<{ targets?: Array<{ expr?: string }> }>;
  };
  const shown = new Set(dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => seriesOf(t.expr ?? ''))));
  const read = [...new Set(rules().flatMap((r) => seriesOf(r.expr)))];
  expect(read.filter((s) => !shown.has(s))).toEqual([]);
});
