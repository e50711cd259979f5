/**
 * NOTES.txt (printed after install/upgrade) tells the SRE the URL, how to get the admin password
 * and how to check readiness. Helm only renders NOTES against a cluster, so the test renders a copy
 * of the chart where the notes are a named template inside a ConfigMap.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHART, NAMESPACE, RELEASE, VALUE_SETS, parseObjects, requireHelm, templateText } from './chart';

let dir: string;

beforeAll(() => {
  requireHelm();
  dir = mkdtempSync(join(tmpdir(), 'cskh-notes-'));
  cpSync(CHART, join(dir, 'cskh'), { recursive: true });
  const t = join(dir, 'cskh', 'templates');
  writeFileSync(join(t, '_zz-notes.tpl'), `{{- define "test.notes" -}}\n${readFileSync(join(t, 'NOTES.txt'), 'utf8')}\n{{- end -}}\n`);
  rmSync(join(t, 'NOTES.txt'));
  writeFileSync(
    join(t, 'zz-notes.yaml'),
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  notes: {{ include "test.notes" . | toJson }}\n',
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function notes(files: string[], extra: string[] = []): string {
  const text = templateText(files, ['--show-only', 'templates/zz-notes.yaml', ...extra], join(dir, 'cskh'));
  return parseObjects(text)[0].data.notes;
}

test('default values: URL, admin password command, readiness checks, and the Secrets to provide', () => {
  const n = notes(VALUE_SETS.default);
  expect(n).toContain(`installed as release "${RELEASE}" in namespace "${NAMESPACE}"`);
  expect(n).toContain('http://cskh.example.com/');
  expect(n).toMatch(/kubectl -n cskh get secret cskh \\\s+-o jsonpath='\{\.data\.admin-password\}' \| base64 -d/);
  expect(n).toContain('rollout status deployment/cskh-gateway');
  expect(n).toContain('/readyz');
  expect(n).toContain('/healthz/services');
  expect(n).toContain('cskh-database (key database-url): DATABASE_URL');
  expect(n).toContain('cskh-redis (key redis-url): REDIS_URL');
});

test('TLS, an existing admin-password Secret, and no ingress are reflected', () => {
  const tls = notes(VALUE_SETS['all-features']);
  expect(tls).toContain('https://cskh.example.org/');
  const own = notes([], ['--set', 'secrets.adminPassword.existingSecret=my-admin', '--set', 'ingress.enabled=false']);
  expect(own).toContain('get secret my-admin');
  expect(own).toContain('port-forward svc/cskh-gateway 8080:8080');
  expect(own).toContain('my-admin (key admin-password): CSKH_ADMIN_PASSWORD');
});
