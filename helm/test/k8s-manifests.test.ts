/**
 * k8s/ (plain manifests for users without Helm) is exactly what the chart renders: the committed
 * files equal a fresh render by scripts/helm/render-k8s.ts, whose base is `helm template` output and
 * whose dev overlay, applied to the base, gives the `helm template` output of the dev values.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { K8S, Obj, Op, RENDERS, applyPatch, helmTemplate, parse, renderFiles, stale } from '../../scripts/helm/render-k8s';
import { requireHelm } from './chart';

const read = (p: string) => readFileSync(join(K8S, p), 'utf8');
const objects = (p: string): Obj[] => parse(read(p));
const byKey = (objs: Obj[]) => new Map(objs.map((o) => [`${o.kind}/${o.metadata.name}`, o]));

/** The subset of kustomize this overlay uses: resources, JSON 6902 patches, $patch: delete. */
function buildOverlay(dir: string): Obj[] {
  const k = parseAllDocuments(read(`${dir}/kustomization.yaml`))[0].toJS();
  const out = new Map<string, Obj>();
  for (const r of k.resources as string[]) {
    if (r.endsWith('.yaml')) for (const o of objects(`${dir}/${r}`)) out.set(`${o.kind}/${o.metadata.name}`, o);
    else for (const o of buildOverlay(join(dir, r).replace(/\\/g, '/'))) out.set(`${o.kind}/${o.metadata.name}`, o);
  }
  for (const p of k.patches ?? []) {
    const id = `${p.target.kind}/${p.target.name}`;
    expect(out.has(id)).toBe(true);
    const content = p.path ? parseAllDocuments(read(`${dir}/${p.path}`))[0].toJS() : parseAllDocuments(p.patch)[0].toJS();
    if (Array.isArray(content)) out.set(id, applyPatch(out.get(id)!, content as Op[]));
    else if (content.$patch === 'delete') out.delete(id);
    else throw new Error(`unsupported patch in ${dir}: ${JSON.stringify(p)}`);
  }
  return [...out.values()];
}

beforeAll(() => {
  requireHelm();
});

test('k8s/ is up to date with the chart (npm run render:k8s)', () => {
  expect(stale()).toEqual([]);
});

test('k8s/base (cskh.yaml + migrate-job.yaml) equals helm template with k8s/values/base.yaml', () => {
  const want = parse(helmTemplate(RENDERS.base));
  const have = [...objects('base/cskh.yaml'), ...objects('base/migrate-job.yaml')];
  expect(byKey(have)).toEqual(byKey(want));
});

test('kustomize overlay dev applied to base equals helm template with the dev values', () => {
  const want = parse(helmTemplate(RENDERS.dev));
  const have = [...buildOverlay('overlays/dev'), ...objects('overlays/dev/migrate-job.yaml')];
  expect(new Set(byKey(have).keys())).toEqual(new Set(byKey(want).keys()));
  expect(byKey(have)).toEqual(byKey(want));
});

test('plain manifests carry no generated secret: every secret comes from cskh-secrets', () => {
  for (const p of ['base/cskh.yaml', 'overlays/dev/dependencies.yaml']) expect(objects(p).filter((o) => o.kind === 'Secret')).toEqual([]);
  const refs = new Set<string>();
  for (const o of [...objects('base/cskh.yaml'), ...objects('overlays/dev/dependencies.yaml'), ...objects('base/migrate-job.yaml')]) {
    for (const c of o.spec?.template?.spec?.containers ?? []) for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) refs.add(e.valueFrom.secretKeyRef.name);
  }
  expect([...refs]).toEqual(['cskh-secrets']);
});

test('the renderer is deterministic', () => {
  const a = renderFiles();
  const b = renderFiles();
  expect([...a.entries()]).toEqual([...b.entries()]);
});
