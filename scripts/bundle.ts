/**
 * The server's code as the image runs it: scripts/component.ts and everything of ours it imports
 * (gateway, services, kit, generated proto code) in one file, `dist/component.js`, by esbuild.
 * Packages from node_modules stay outside the bundle: several read files beside themselves
 * (grpc-health-check's .proto, protobufjs's descriptors), and they are plain JavaScript already.
 *
 * Why not tsx at run time, as the tests run: a pod starts with an empty /tmp, so tsx compiled
 * every TypeScript file again at each start, and loading ~900 modules one by one cost more than
 * the bundle's one file (`npm run bench:boot`: CPU to load a component, tsx cold and warm vs the
 * bundle). When ten pods start at once on a drained node's neighbour, that CPU is taken from the
 * pods answering lookups. The bundle is made from the same sources in the image build, and
 * `npm run bench:lookup -- --mode process` and the chaos run start the components from it.
 *
 *   node --import tsx scripts/bundle.ts            # → dist/component.js (+ .map)
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(__dirname, '..');

/** Bare imports (packages, node: builtins) stay `require`s, except our own workspaces. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cskh/') && !args.path.endsWith('/package.json') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Writes `<outDir>/component.js` and its source map, each by a rename, so that a process starting
 * meanwhile reads the old file or the new one, never half of one. `outDir` must sit one level
 * below the repository root (component.ts finds the root, web/dist and the protos from there).
 */
export async function bundleComponents(outDir = join(ROOT, 'dist')): Promise<string> {
  const outfile = join(outDir, 'component.js');
  const result = await build({
    // Every file's `require.main === module` (each main.ts runs itself when started directly) would
    // be true in one bundle: made false everywhere, and the bundle's entry calls component.ts's main.
    stdin: { contents: `require('./scripts/component').main();`, resolveDir: ROOT, sourcefile: 'component-entry.js', loader: 'js' },
    define: { 'require.main': 'undefined' },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
    plugins: [packagesOutside],
  });
  mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    const temp = join(outDir, `.${basename(file.path)}.${process.pid}`);
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  return outfile;
}

if (require.main === module) {
  bundleComponents(process.argv[2] ? resolve(process.argv[2]) : undefined).then(
    (file) => console.log(`bundled ${file}`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
