/**
 * The chart and the code agree on configuration. Each component declares its environment with
 * defineConfig() (services/kit/src/core/config.ts); this test imports those declarations and compares
 * them with what the rendered chart sets for the component's container:
 *   - every variable the schema requires (not optional, no default) is set;
 *   - nothing is set that the schema does not read.
 * It also checks that the chart covers every gRPC service of the code, and that every component
 * of the chart is a valid argument of the image's entry (scripts/component.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigDeclaration, ConfigShape } from '@cskh/kit';
import { migrateConfig } from '@cskh/kit/service';
import { gatewayConfig } from '../../gateway/src/config';
import { K8sObject, ROOT, VALUE_SETS, ofKind, podTemplates, render, requireHelm } from './chart';

/** Read by the image's entry (scripts/component.ts) for every component, beside its own config. */
const ENTRY_ENV = ['METRICS_PORT'];
/** Components of the entry besides the gRPC services (scripts/component.ts). */
const NON_SERVICE_COMPONENTS = ['gateway', 'realtime', 'carrier-sim', 'migrate'];
/** Directories under services/ that are not gRPC services (as scripts/stack.ts). */
const NOT_GRPC = new Set(['kit', 'carrier-sim', 'realtime']);

/** gRPC services of the code: services/<name>/src/module.ts, as scripts/stack.ts discovers them. */
function codeServices(): string[] {
  return readdirSync(join(ROOT, 'services'))
    .filter((d) => !NOT_GRPC.has(d) && existsSync(join(ROOT, 'services', d, 'src', 'module.ts')))
    .sort();
}

/** The config declaration of a component, imported from its code. */
async function declarationOf(component: string): Promise<ConfigDeclaration<ConfigShape>> {
  if (component === 'gateway') return gatewayConfig as unknown as ConfigDeclaration<ConfigShape>;
  const dir = join(ROOT, 'services', component, 'src');
  if (!NOT_GRPC.has(component)) {
    // A service module carries its declaration (ServiceModule.config).
    const mod = await import(join(dir, 'module.ts'));
    const svc = Object.values<any>(mod).find((v) => v && typeof v === 'object' && 'schema' in v && 'services' in v);
    if (!svc) throw new Error(`services/${component}/src/module.ts exports no ServiceModule`);
    return svc.config;
  }
  const file = join(dir, 'config.ts');
  if (!existsSync(file)) throw new Error(`${component} has no src/config.ts declaring its environment with defineConfig()`);
  const { declaredConfigs } = await import('@cskh/kit');
  await import(file);
  const decl = declaredConfigs.get(component);
  if (!decl) throw new Error(`services/${component}/src/config.ts does not call defineConfig('${component}', …)`);
  return decl;
}

const keysOf = (d: ConfigDeclaration<ConfigShape>) => Object.keys(d.shape).sort();
/** Required = the schema rejects the variable being absent (not optional, no default). */
const requiredOf = (d: ConfigDeclaration<ConfigShape>) =>
  Object.entries(d.shape)
    .filter(([, t]) => !t.safeParse(undefined).success)
    .map(([k]) => k)
    .sort();

/** Names of the environment variables the chart gives a pod's first container. */
function envNames(objs: K8sObject[], spec: any): string[] {
  const c = spec.containers[0];
  const names = new Set<string>((c.env ?? []).map((e: any) => e.name));
  for (const from of c.envFrom ?? []) {
    const cm = ofKind(objs, 'ConfigMap').find((m) => m.metadata.name === from.configMapRef?.name);
    if (!cm) throw new Error(`envFrom ConfigMap ${from.configMapRef?.name} not rendered`);
    for (const k of Object.keys(cm.data ?? {})) names.add(`${from.prefix ?? ''}${k}`);
  }
  return [...names].sort();
}

beforeAll(() => {
  requireHelm();
});

describe('chart ↔ code', () => {
  test('every gRPC service of the code has a components entry in values.yaml', () => {
    const charted = new Set(
      ofKind(render('default'), 'Deployment').map((d) => d.metadata.labels!['app.kubernetes.io/component']),
    );
    expect(codeServices().filter((s) => !charted.has(s))).toEqual([]);
  });

  test.each(Object.keys(VALUE_SETS))('%s: every component is a valid entry argument of the image', (set) => {
    const valid = new Set([...NON_SERVICE_COMPONENTS, ...codeServices()]);
    for (const { owner, spec } of podTemplates(render(set))) {
      const component = owner.metadata.labels?.['app.kubernetes.io/component'];
      if (['postgresql', 'redis', 'kafka'].includes(component!)) continue; // upstream images
      expect({ owner: owner.metadata.name, args: spec.containers[0].args, valid: valid.has(spec.containers[0].args?.[0]) }).toEqual({
        owner: owner.metadata.name,
        args: [component],
        valid: true,
      });
    }
  });
});

describe.each(Object.keys(VALUE_SETS))('%s: environment set by the chart = environment read by the code', (set) => {
  const deployments = () => ofKind(render(set), 'Deployment');

  test('each component: all required variables set, none unknown', async () => {
    const results: Record<string, { missing: string[]; unknown: string[] }> = {};
    for (const d of deployments()) {
      const component = d.metadata.labels!['app.kubernetes.io/component'];
      const decl = await declarationOf(component);
      const given = envNames(render(set), d.spec.template.spec);
      results[component] = {
        missing: requiredOf(decl).filter((k) => !given.includes(k)),
        unknown: given.filter((k) => !keysOf(decl).includes(k) && !ENTRY_ENV.includes(k)),
      };
    }
    const clean = Object.fromEntries(Object.keys(results).map((k) => [k, { missing: [], unknown: [] }]));
    expect(results).toEqual(clean);
  });

  test('migrate: what its declaration requires is set, nothing else (no service secrets)', async () => {
    const job = ofKind(render(set), 'Job').find((j) => j.spec.template.spec.containers[0].args?.[0] === 'migrate');
    expect(job).toBeDefined();
    const given = envNames(render(set), job!.spec.template.spec);
    const decl = migrateConfig as unknown as ConfigDeclaration<ConfigShape>;
    // DATABASE_URL_<SERVICE>: per-service database override read by `migrate`.
    const known = new Set([...keysOf(decl), ...codeServices().map((s) => `DATABASE_URL_${s.toUpperCase()}`)]);
    expect({ missing: requiredOf(decl).filter((k) => !given.includes(k)), unknown: given.filter((k) => !known.has(k)) }).toEqual({
      missing: [],
      unknown: [],
    });
    expect(given).not.toContain('JWT_SECRET');
    expect(given).not.toContain('SYSTEM_ACCOUNT_KEY');
  });
});
