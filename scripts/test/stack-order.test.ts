/**
 * The stack starts callees before callers, read from each service's declared config: a service
 * that calls another (`<NAME>_GRPC_URL`) gets its address at start, whatever the names sort as
 * (care calls dataops; orders calls care; lookup and care call auth).
 */
import { z } from 'zod';
import { discoverServices, startOrder } from '../stack';

async function realModules() {
  const { join, resolve } = await import('node:path');
  const root = resolve(__dirname, '../..');
  const mods = new Map<string, any>();
  for (const name of discoverServices()) {
    const mod = await import(join(root, 'services', name, 'src', 'module.ts'));
    mods.set(
      name,
      Object.values(mod).find((v: any) => v && typeof v === 'object' && 'schema' in v && 'services' in v),
    );
  }
  return mods;
}

const fake = (...urls: string[]) =>
  ({ config: { shape: Object.fromEntries(urls.map((u) => [`${u}_GRPC_URL`, z.string().optional()])) } }) as any;

it('starts every service after the services it calls', async () => {
  const order = startOrder(await realModules());
  const before = (a: string, b: string) => expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
  before('auth', 'lookup');
  before('auth', 'care');
  before('dataops', 'care');
  before('care', 'orders');
  expect([...order].sort()).toEqual([...discoverServices()].sort());
});

it('keeps name order among independent services and refuses a cycle', () => {
  expect(
    startOrder(
      new Map([
        ['b', fake()],
        ['a', fake('C')],
        ['c', fake()],
      ]),
    ),
  ).toEqual(['c', 'a', 'b']);
  expect(() =>
    startOrder(
      new Map([
        ['a', fake('B')],
        ['b', fake('A')],
      ]),
    ),
  ).toThrow(/cycle: a → b → a/);
});
