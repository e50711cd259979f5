import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import express, { Request, Response } from 'express';

/**
 * The built web app (web/dist) as browsers should get it: the brotli or gzip copy the build made
 * beside each file (web/vite.config.ts), chosen by Accept-Encoding; hashed assets (/assets/*,
 * named by their content) kept a year; the page (index.html, the SPA fallback) revalidated on each
 * load so that a deploy reaches every open browser on its next page load; the few other files
 * (the logo) kept an hour: their names do not change, and a screen showing the logo should not ask
 * the server about it each time.
 */

/** Content encodings the build writes, best first, with the suffix of their copy. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
export type ContentEncoding = (typeof ENCODINGS)[number]['name'];

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
export const ONE_HOUR = 'public, max-age=3600';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The encoding to send among those available, from an Accept-Encoding header: brotli when the
 * client takes it, else gzip, else none. The client's q-values say what it accepts (q=0 refuses);
 * which of the accepted ones is better is ours to say (browsers list gzip before br).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly ContentEncoding[]): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(coding, Number.isFinite(value) ? value : 0);
  }
  const accepted = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return ENCODINGS.map((e) => e.name).find((name) => available.includes(name) && accepted(name));
}

interface BuiltFile {
  path: string;
  type: string;
  cacheControl: string;
  encodings: ContentEncoding[];
}

/** Every file of the build by its URL path, read once: a build does not change under a running gateway. */
function indexBuild(dist: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const all = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
  const present = new Set(all);
  for (const path of all) {
    if (ENCODINGS.some((e) => path.endsWith(e.suffix))) continue;
    const url = '/' + relative(dist, path).split(sep).join('/');
    files.set(url, {
      path,
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      cacheControl: url.startsWith('/assets/') ? IMMUTABLE : extname(path) === '.html' ? REVALIDATE : ONE_HOUR,
      encodings: ENCODINGS.filter((e) => present.has(path + e.suffix)).map((e) => e.name),
    });
  }
  return files;
}

function send(req: Request, res: Response, file: BuiltFile) {
  const encoding = chooseEncoding(req.headers['accept-encoding'], file.encodings);
  const suffix = ENCODINGS.find((e) => e.name === encoding)?.suffix ?? '';
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
  };
  if (file.encodings.length) headers['Vary'] = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  res.sendFile(file.path + suffix, { headers, cacheControl: false, dotfiles: 'allow' });
}

/**
 * The web app's router, or undefined when `dist` holds no build. Unknown paths get index.html (the
 * client routes them); an unknown /assets/ file is a 404, not the page: a browser holding an old
 * index.html after a deploy must see its chunk fail, not parse HTML as JavaScript.
 */
export function webAppRouter(dist: string): express.Router | undefined {
  if (!existsSync(join(dist, 'index.html'))) return undefined;
  const files = indexBuild(dist);
  const index = files.get('/index.html')!;
  const router = express.Router();
  router.get('/{*path}', (req, res) => {
    const file = files.get(req.path);
    if (file) return send(req, res, file);
    if (req.path.startsWith('/assets/')) return res.status(404).type('text').send('Không tìm thấy tệp');
    send(req, res, index);
  });
  return router;
}
