/**
 * The stack starts callees before callers, read from each service's declared config: a service
 * that calls another (`<NAME>_GRPC_URL`) gets its address at start, whatever the names sort as
 * (care calls dataops; orders calls care; lookup and care call auth).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { discoverServices, loadServiceModule, startOrder } from '../stack';

async function realModules() {
  return new Map(await Promise.all(discoverServices().map(async (name) => [name, await loadServiceModule(name)] as const)));
}

it('runs every service that has a services/<name>/src/module.ts: a new one cannot be left out of the stack or the image', () => {
  const servicesDir = resolve(__dirname, '../../services');
  const onDisk = readdirSync(servicesDir).filter((d) => existsSync(join(servicesDir, d, 'src', 'module.ts')));
  expect([...discoverServices()].sort()).toEqual(onDisk.sort());
});

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
