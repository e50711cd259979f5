import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The gateway imports the kit's core, observability and server layers only (the kit's README):
 * loading its app must not pull in the bus or the database libraries, which only the services use.
 */
describe('what the gateway loads', () => {
  it('loads grpc-js and ioredis but neither kafkajs, TypeORM nor pg', () => {
    const root = path.resolve(__dirname, '..', '..');
    const probe = `require('./gateway/src/app.ts');
      const loaded = Object.keys(require.cache);
      const has = (lib) => loaded.some((f) => f.includes('/node_modules/' + lib + '/'));
      console.log(JSON.stringify({ grpc: has('@grpc/grpc-js'), ioredis: has('ioredis'), kafkajs: has('kafkajs'), typeorm: has('typeorm'), pg: has('pg') }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', probe], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    const line = r.stdout.trim().split('\n').pop() ?? '{}';
    expect(JSON.parse(line)).toEqual({ grpc: true, ioredis: true, kafkajs: false, typeorm: false, pg: false });
  });
});
