import { readFileSync } from 'node:fs';
import { PROTO_FILES } from '@cskh/proto';
import { ALL_CODES } from '../src/domain/catalogue';

/**
 * Every permission code a route guard names (in any service's proto) must exist in the seeded
 * catalogue, or nobody could ever be granted that route.
 */
describe('permission codes of the proto route guards', () => {
  const used = new Map<string, string>();
  for (const file of PROTO_FILES) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/permissions\s*:\s*\[([^\]]*)\]/g))
      for (const code of m[1].matchAll(/"([^"]+)"/g)) used.set(code[1], file);
  }

  it('finds guarded routes to check', () => {
    expect(used.size).toBeGreaterThan(0);
    expect([...used.keys()]).toContain('user.add');
  });

  it('are all in the seeded catalogue', () => {
    const missing = [...used].filter(([code]) => !ALL_CODES.includes(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });
});
