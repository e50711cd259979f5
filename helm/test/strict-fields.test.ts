/**
 * Stricter than the JSON-schema validation of kubernetes-models (which accepts unknown fields): every
 * rendered object is type-checked by the TypeScript compiler as an object literal of its
 * kubernetes-models interface, so a misspelt or misplaced field (excess property) fails, as does a
 * wrong type. Runs offline; the generated file lives in .tmp/ (gitignored).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT, VALUE_SETS, customCheckOf, id, render, requireHelm } from './chart';

beforeAll(() => {
  requireHelm();
});

function typeCheck(objs: ReturnType<typeof render>): string[] {
  const dir = join(ROOT, '.tmp', `chart-types-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'objects.ts');
  const imports = new Map<string, string>();
  const lines: string[] = [];
  // Custom resources have no kubernetes-models interface; chart.test.ts checks them by hand.
  objs.filter((o) => !customCheckOf(o)).forEach((o, i) => {
    const mod = `kubernetes-models/${o.apiVersion}/${o.kind}`;
    const alias = `I${o.kind}_${o.apiVersion.replace(/[^a-zA-Z0-9]/g, '_')}`;
    imports.set(alias, `import type { I${o.kind} as ${alias} } from '${mod}';`);
    lines.push(`// ${id(o)}\nexport const o${i}: ${alias} = ${JSON.stringify(o, null, 1)};`);
  });
  writeFileSync(file, [...imports.values(), ...lines].join('\n'));
  try {
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: ts.ScriptTarget.ES2022,
      types: [],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const msg = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      if (!d.file || d.start === undefined) return msg;
      const text = d.file.getFullText();
      const before = text.slice(0, d.start);
      const obj = before.slice(before.lastIndexOf('\n// ') + 4).split('\n')[0];
      return `${obj}: ${msg.split('\n')[0]}`;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.each(Object.keys(VALUE_SETS))('%s: no unknown or mistyped field in any rendered object', (set) => {
  expect(typeCheck(render(set))).toEqual([]);
});

test('the check catches a misspelt field', () => {
  const objs = JSON.parse(JSON.stringify(render('default')));
  const d = objs.find((o: any) => o.kind === 'Deployment');
  d.spec.template.spec.containers[0].readinesProbe = d.spec.template.spec.containers[0].readinessProbe;
  expect(typeCheck([d]).join('\n')).toMatch(/readinesProbe/);
});
