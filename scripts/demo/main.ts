/**
 * `npm run demo`: the embedded product (as `npm start`) with a small, realistic office in it, put in
 * through the public API (scripts/demo/seed.ts), then the logins and what to try with each.
 *
 * Its own data and database port, so the office never lands in the data of `npm start`:
 * CSKH_DATA_DIR defaults to .data/demo and EMBEDDED_PG_PORT to 54339 (PORT stays 8080, so the
 * two are run one at a time, or with PORT=8081 npm run demo). A second run on the same data
 * finds the office there and adds nothing.
 */
import { join, resolve } from 'node:path';
import { main as startEmbedded, StartRefused } from '../embedded';
import { Login, seedDemo } from './seed';
import { SALES } from './office';

const ROOT = resolve(__dirname, '..', '..');

export function demoEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    CSKH_DATA_DIR: env.CSKH_DATA_DIR ?? join(ROOT, '.data', 'demo'),
    EMBEDDED_PG_PORT: env.EMBEDDED_PG_PORT ?? '54339',
    // The carrier's 9084 registrations are sold by the office's own people, not names nobody knows.
    CARRIER_SIM_SELLERS: env.CARRIER_SIM_SELLERS ?? [...SALES, 'tn_hanoi', 'tn_hcm'].join(','),
  };
}

/** The logins as a plain-text table (Vietnamese names and hints are wide: padded by code points). */
export function loginTable(logins: Login[]): string {
  const head: Login = { username: 'username', password: 'password', role: 'role', fullname: 'name', tryThis: 'what to try' };
  const cols: Array<keyof Login> = ['username', 'password', 'role', 'fullname', 'tryThis'];
  const width = (k: keyof Login) => Math.max(...[head, ...logins].map((l) => [...l[k]].length));
  const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - [...s].length));
  const row = (l: Login) => cols.map((k, i) => (i === cols.length - 1 ? l[k] : pad(l[k], width(k)))).join('  ');
  return [row(head), cols.map((k, i) => '─'.repeat(i === cols.length - 1 ? 11 : width(k))).join('  '), ...logins.map(row)].join('\n');
}

async function run() {
  const env = demoEnv(process.env);
  const product = await startEmbedded(env);
  const t0 = Date.now();
  console.log('Demo office: ');
  let result;
  try {
    result = await seedDemo(product.url, { adminPassword: product.adminPassword, log: (l) => console.log(`  · ${l}`) });
  } catch (err) {
    console.error(`\nThe demo office could not be put in: ${err instanceof Error ? err.message : String(err)}\n`);
    await product.stop();
    process.exit(1);
  }
  console.log(
    result.seeded
      ? `  put in through the API in ${((Date.now() - t0) / 1000).toFixed(1)} s`
      : '  already there (this data directory was seeded before); nothing added',
  );
  console.log(`\nLogins — open ${product.url}\n\n${loginTable(result.logins)}\n`);
  console.log(
    [
      'Try:',
      `  · ql_hoa → Mfy: the new order of ${result.countdownPhone} counts down its 10 minutes, then the server cancels it.`,
      '  · nv_tuan → Khách hàng mới: take a customer and record the result; Mời gói cước › Mã xác nhận 1 to any number',
      `    not ending in 0 or 9: the code the carrier "sent" is on ${product.carrier ? `${product.carrier.url}/__admin/otp/{phone}` : "the carrier simulator's /__admin/otp/{phone}"}`,
      `    (HTTP Basic ${product.carrier ? `${product.carrier.username} / ${product.carrier.password}` : 'as printed above'}).`,
      '  · cn_hanoi, then cn_hcm → Doanh thu theo nhân viên: each branch sees only its own people, phones masked.',
      '  · ql_hoa → Tính lương: the month computed from attendance and revenue; Chốt tháng locks it.',
      '',
      'Stop: Ctrl-C. Start over: stop, then delete the data directory above and run npm run demo again.',
    ].join('\n'),
  );
}

if (require.main === module) {
  run().catch((err) => {
    if (err instanceof StartRefused) console.error(`\n${err.message.replace(/npm start/g, 'npm run demo')}\n`);
    else console.error('Cannot start the demo:', err instanceof Error ? err.stack : err);
    process.exit(1);
  });
}
