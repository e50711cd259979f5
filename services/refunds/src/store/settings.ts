import type { EntityManager } from 'typeorm';
import { SCHEMA } from './schema';

/** Data access of settings (refunds.setting). */
const T = `${SCHEMA}.setting`;
export const SETTING_RESOURCE = 'setting';

export async function readSettings(em: EntityManager): Promise<Map<string, string>> {
  const rows: Array<{ key: string; value: string }> = await em.query(`SELECT key, value FROM ${T} ORDER BY key`);
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function lockSetting(em: EntityManager, key: string): Promise<string | undefined> {
  const rows: Array<{ value: string }> = await em.query(`SELECT value FROM ${T} WHERE key = $1 FOR UPDATE`, [key]);
  return rows[0]?.value;
}

export async function insertSetting(em: EntityManager, key: string, value: string, by: string): Promise<boolean> {
  const rows = await em.query(`INSERT INTO ${T} (key, value, updated_by) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key`, [
    key,
    value,
    by,
  ]);
  return rows.length > 0;
}

export async function writeSetting(em: EntityManager, key: string, value: string, by: string): Promise<void> {
  await em.query(`UPDATE ${T} SET value = $2, updated_by = $3, updated_at = now() WHERE key = $1`, [key, value, by]);
}
