// kube-score (a Kubernetes linter, built from the Go module proxy into .cache/bin) over the chart
// as installed: the production defaults, the trial values and every optional feature. Part of
// `npm run lint`; fails on any critical finding. The findings kept on purpose, each with its reason
// in helm/README.md ("What kube-score says"):
//   - chart-wide, as flags here: no CPU limit, pull policy not Always;
//   - per object, as `kube-score/ignore` annotations in the chart: the trial-only PostgreSQL,
//     Redis and Kafka (their images' own users, Kafka's writable root, identical probes) and the
//     carrier simulator (one health answer for both probes).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureGoTool, ensureHelm, goToolBin, ROOT } from '../setup.mjs';

const CHART = path.join(ROOT, 'helm', 'cskh');
const VALUE_SETS = { default: [], trial: ['values-dev.yaml'], 'all-features': ['ci/all-features.yaml'] };
const KEPT = ['--ignore-container-cpu-limit', '--ignore-test', 'container-image-pull-policy'];

if (!ensureHelm() || !ensureGoTool('kube-score')) process.exit(1);
let failed = false;
for (const [set, files] of Object.entries(VALUE_SETS)) {
  const rendered = spawnSync(
    path.join(ROOT, '.cache', 'bin', 'helm'),
    ['template', 'cskh', CHART, '--namespace', 'cskh', ...files.flatMap((f) => ['-f', path.join(CHART, f)])],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (rendered.status !== 0) {
    process.stderr.write(`kube-score: helm template (${set}) failed:\n${rendered.stderr}`);
    process.exit(1);
  }
  const scored = spawnSync(goToolBin('kube-score'), ['score', '-', ...KEPT, '--output-format', 'ci'], {
    input: rendered.stdout,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const critical = scored.stdout.split('\n').filter((l) => l.startsWith('[CRITICAL]'));
  if (scored.status !== 0 || critical.length > 0) {
    failed = true;
    process.stderr.write(`kube-score, values ${set}: ${critical.length} critical finding(s)\n${critical.join('\n')}\n${scored.stderr}`);
  }
}
process.exit(failed ? 1 : 0);
