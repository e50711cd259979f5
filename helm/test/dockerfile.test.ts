/**
 * The image (Dockerfile) cannot be built here (no container engine), so its shape is checked by
 * parsing it: the stages, a non-root runtime user, the entry that chooses the component, the build
 * steps, and that what the chart runs is what the image can run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ofKind, podTemplates, render } from './chart';

interface Instruction {
  cmd: string;
  args: string;
}

/** Dockerfile instructions (continuations joined, comments dropped), grouped by stage. */
function parseDockerfile(text: string): Array<{ from: string; name?: string; steps: Instruction[] }> {
  const lines = text.split('\n');
  const instructions: Instruction[] = [];
  let cur = '';
  for (const raw of lines) {
    if (/^\s*#/.test(raw) && !cur) continue;
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      cur += line.slice(0, -1) + ' ';
      continue;
    }
    cur += line;
    if (cur.trim()) {
      const m = /^\s*(\w+)\s+([\s\S]*)$/.exec(cur.trim())!;
      instructions.push({ cmd: m[1].toUpperCase(), args: m[2] });
    }
    cur = '';
  }
  const stages: Array<{ from: string; name?: string; steps: Instruction[] }> = [];
  for (const i of instructions) {
    if (i.cmd === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(i.args)!;
      stages.push({ from: m[1], name: m[2], steps: [] });
    } else if (stages.length) stages[stages.length - 1].steps.push(i);
  }
  return stages;
}

const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const stages = parseDockerfile(text);
const runtime = stages[stages.length - 1];
const all = (stage: { steps: Instruction[] }, cmd: string) => stage.steps.filter((s) => s.cmd === cmd);

test('multi-stage: build, production dependencies and a final runtime stage', () => {
  expect(stages.map((s) => s.name)).toEqual(['base', 'manifests', 'build', 'prod-deps', 'runtime']);
  expect(runtime.name).toBe('runtime');
  const build = stages.find((s) => s.name === 'build')!;
  const runs = all(build, 'RUN').map((r) => r.args).join('\n');
  expect(runs).toMatch(/npm ci\b/);
  expect(runs).toMatch(/npm run gen\b/);
  expect(runs).toMatch(/npm run build -w @cskh\/web/);
  const prod = all(stages.find((s) => s.name === 'prod-deps')!, 'RUN').map((r) => r.args).join('\n');
  expect(prod).toMatch(/npm ci --omit=dev/);
});

test('the runtime stage runs as a non-root numeric user and copies only from earlier stages', () => {
  const users = all(runtime, 'USER');
  expect(users).toHaveLength(1);
  const [uid] = users[0].args.split(':');
  expect(uid).toMatch(/^\d+$/);
  expect(Number(uid)).toBeGreaterThan(0);
  // the last USER is after every COPY/RUN, so nothing runs as root at the end
  const lastIndex = (cmd: string) => runtime.steps.map((s) => s.cmd).lastIndexOf(cmd);
  expect(lastIndex('USER')).toBeGreaterThan(Math.max(lastIndex('COPY'), lastIndex('RUN')));
  for (const c of all(runtime, 'COPY')) expect(c.args).toMatch(/--from=(build|prod-deps)\b/);
  // the chart's pods run with the same uid
  const pod = ofKind(render('default'), 'Deployment')[0].spec.template.spec;
  expect(String(pod.securityContext.runAsUser)).toBe(uid);
});

test('the entry is the bundle of scripts/component.ts, which the build stage makes and the runtime stage gets', () => {
  const entry = JSON.parse(all(runtime, 'ENTRYPOINT')[0].args);
  expect(entry).toEqual(['node', '--enable-source-maps', 'dist/component.js']);
  expect(readFileSync(join(ROOT, 'scripts/bundle.ts'), 'utf8')).toMatch(/'scripts', 'component'|\.\/scripts\/component/);
  expect(text).toMatch(/RUN node --import tsx scripts\/bundle\.ts/);
  expect(text).toMatch(/tar [^\n]*\bdist proto web\/dist\b/);
  expect(JSON.parse(all(runtime, 'CMD')[0].args)).toEqual(['gateway']);
});

test('what the chart runs matches the image: args select a component, writable /tmp only', () => {
  for (const set of ['default', 'dev', 'all-features']) {
    for (const { owner, spec } of podTemplates(render(set))) {
      const c = spec.containers[0];
      if (!c.image.includes('cskh')) continue; // upstream database images
      expect(c.command).toBeUndefined(); // the ENTRYPOINT stays
      expect(c.args).toHaveLength(1);
      expect(c.volumeMounts.map((m: any) => m.mountPath)).toEqual(['/tmp']);
      expect(owner.metadata.labels?.['app.kubernetes.io/component']).toBe(c.args[0]);
    }
  }
});

test('.dockerignore keeps dependencies, tests, local state and delivery files out of the context', () => {
  const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
  for (const p of ['**/node_modules', '**/test', '**/*.test.ts', '.git', '.cache', '.data', 'proto/gen', 'helm', 'k8s'])
    expect(ignore).toContain(p);
});
