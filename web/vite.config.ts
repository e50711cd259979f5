import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves web/dist at the same origin, so the app only uses relative URLs.
// In `vite dev` / `vite preview` the API and the realtime socket are proxied to the gateway.
const GATEWAY = process.env.CSKH_GATEWAY ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: GATEWAY, changeOrigin: true },
  '/socket.io': { target: GATEWAY, changeOrigin: true, ws: true },
};

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels: made once here, they cost nothing per request. The gateway sends the one the browser
 * takes (gateway/src/web-app.ts). Files under 1 KiB are left alone: compressed they barely shrink.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cskh-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const names = (await readdir(outDir, { recursive: true })).filter((n) => COMPRESSIBLE.test(n));
      await Promise.all(
        names.map(async (name) => {
          const path = join(outDir, name);
          const body = await readFile(path);
          if (body.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // MUI's icons (a few hundred bytes each) in one chunk instead of one each: a page load
          // then waits for one request, not for rounds of them (a browser opens six connections to
          // one server over HTTP/1.1). Only the icons' own modules: what they import (React, MUI's
          // SvgIcon) stays where it was.
          includeDependenciesRecursively: false,
          groups: [{ name: 'mui-icons', test: /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]/ }],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
