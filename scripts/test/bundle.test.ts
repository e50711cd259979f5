/**
 * The image runs the server as one bundled file (scripts/bundle.ts): every component is in it, and
 * starting one starts only that one (each main.ts's `require.main === module` would otherwise be
 * true for every file of the bundle, and each would start itself).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { bundleComponents } from '../bundle';

const ROOT = resolve(__dirname, '../..');
let bundle: string;

beforeAll(async () => {
  bundle = await bundleComponents();
}, 60_000);

/** The bundle started as the image starts it, without any setting: it loads, then stops at the first refusal. */
const start = (component: string) =>
  spawnSync(process.execPath, ['--enable-source-maps', bundle, component], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, METRICS_PORT: '0' },
    encoding: 'utf8',
  });

it('names every component when asked for one it does not have', () => {
  const r = start('nope');
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(
    /unknown component "nope"; expected gateway, realtime, carrier-sim, migrate or one of: auth, bank, care, dataops, lookup, orders, payroll, refunds/,
  );
});

it.each(['gateway', 'realtime', 'lookup'])('starts %s alone, from its own code', (component) => {
  const r = start(component);
  expect(r.status).toBe(1);
  const refused = [...r.stderr.matchAll(/Invalid configuration for (\S+):/g)].map((m) => m[1]);
  expect(refused).toEqual([component]);
  // the source map leads a stack back to the TypeScript file
  expect(r.stderr).toMatch(/services\/kit\/src\/core\/config\.ts:\d+/);
});
