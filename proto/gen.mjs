// Generates TypeScript (messages, grpc-js services) from every .proto under cskh/ with ts-proto,
// driven by buf so that no system protoc is needed. Output: gen/ (not committed).
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const buf = join(dirname(require.resolve('@bufbuild/buf/package.json')), 'bin', 'buf');
const plugin = join(dirname(require.resolve('ts-proto/package.json')), 'protoc-gen-ts_proto');

const template = {
  version: 'v2',
  plugins: [
    {
      local: plugin,
      out: 'gen',
      opt: [
        'outputServices=grpc-js',
        'snakeToCamel=false',
        'useExactTypes=false',
        'forceLong=number',
        'esModuleInterop=true',
        'useOptionals=messages',
        'env=node',
      ],
    },
  ],
};
// Generate beside gen/ and swap it in, so that a process reading gen/ meanwhile never sees it gone.
const out = `gen.tmp-${process.pid}`;
template.plugins[0].out = out;
rmSync(join(here, out), { recursive: true, force: true });
execFileSync(buf, ['generate', '--template', JSON.stringify(template)], { cwd: here, stdio: 'inherit' });

// An index re-exporting every generated module under a namespace named after its path.
const files = [];
const walk = (d) =>
  readdirSync(d).forEach((f) => {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.ts')) files.push(p);
  });
walk(join(here, out));
const lines = files.sort().map((f) => {
  const rel = relative(join(here, out), f).replace(/\.ts$/, '');
  const name = rel
    .replace(/^cskh\//, '')
    .replace(/^google\/protobuf\//, 'google_')
    .replace(/[/.]/g, '_');
  return `export * as ${name} from './${rel}';`;
});
writeFileSync(join(here, out, 'index.ts'), lines.join('\n') + '\n');
const old = `gen.old-${process.pid}`;
if (existsSync(join(here, 'gen'))) renameSync(join(here, 'gen'), join(here, old));
renameSync(join(here, out), join(here, 'gen'));
rmSync(join(here, old), { recursive: true, force: true });
console.log(`proto: generated ${files.length} modules`);

// The web's API client from the same route table the gateway serves (web/src/api/gen/, not committed either).
execFileSync(process.execPath, ['--import', 'tsx', join(here, '../scripts/gen-web-client.ts')], { cwd: here, stdio: 'inherit' });
