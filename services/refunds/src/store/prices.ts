import type { EntityManager } from 'typeorm';
import { AppError, Paging } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
import { MSG } from '../domain/messages';
import { PRICE_FIELDS, RefundPriceValues } from '../domain/prices';
import { SCHEMA } from './schema';

/** Data access of the refund price list (refunds.refund_price). */
const T = `${SCHEMA}.refund_price`;
export const PRICE_RESOURCE = 'refund_price';
const COLUMNS = `id, ten_goi_cuoc, ${PRICE_FIELDS.map((f) => `${f}::float8 AS ${f}`).join(', ')}`;

export type PriceRow = RefundPriceValues & { id: string };

export async function pagePrices(
  em: EntityManager,
  where: Where,
  paging: Pick<Paging, 'skip' | 'take'>,
): Promise<{ rows: PriceRow[]; count: number }> {
  const [rows, [c]] = await Promise.all([
    em.query(`SELECT ${COLUMNS} FROM ${T} ${where.sql} ORDER BY upper(ten_goi_cuoc), id ${pageSql(paging)}`, where.params),
    em.query(`SELECT count(*)::int AS n FROM ${T} ${where.sql}`, where.params),
  ]);
  return { rows, count: c?.n ?? 0 };
}

export async function findPrice(em: EntityManager, id: string, lock = false): Promise<PriceRow | undefined> {
  const rows: PriceRow[] = await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function requirePrice(em: EntityManager, id: string, lock = false): Promise<PriceRow> {
  const row = await findPrice(em, id, lock);
  if (!row) throw new AppError('NOT_FOUND', MSG.priceNotFound);
  return row;
}

/** By package name, whatever the case and surrounding spaces. */
export async function priceByName(em: EntityManager, name: string): Promise<PriceRow | undefined> {
  const rows: PriceRow[] = await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE upper(btrim(ten_goi_cuoc)) = upper(btrim($1))`, [name]);
  return rows[0];
}

const values = (v: RefundPriceValues) => [v.ten_goi_cuoc, ...PRICE_FIELDS.map((f) => v[f])];
const placeholders = (base: number) => `(${Array.from({ length: PRICE_FIELDS.length + 2 }, (_, i) => `$${base + i + 1}`).join(', ')})`;

export async function insertPrice(em: EntityManager, v: RefundPriceValues, by: string): Promise<PriceRow> {
  const rows: PriceRow[] = await em.query(
    `INSERT INTO ${T} (ten_goi_cuoc, ${PRICE_FIELDS.join(', ')}, updated_by) VALUES ${placeholders(0)} RETURNING ${COLUMNS}`,
    [...values(v), by],
  );
  return rows[0];
}

export async function updatePrice(em: EntityManager, id: string, v: RefundPriceValues, by: string): Promise<PriceRow> {
  const sets = ['ten_goi_cuoc', ...PRICE_FIELDS].map((f, i) => `${f} = $${i + 2}`).join(', ');
  const rows: [PriceRow[], number] = await em.query(
    `UPDATE ${T} SET ${sets}, updated_by = $${PRICE_FIELDS.length + 3}, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...values(v), by],
  );
  return rows[0][0];
}

/** Inserts or replaces by package name (one row per name in `rows`); returns the stored rows. */
export async function upsertPrices(em: EntityManager, rows: readonly RefundPriceValues[], by: string): Promise<PriceRow[]> {
  if (rows.length === 0) return [];
  const params: unknown[] = [];
  const tuples = rows.map((r) => {
    const b = params.length;
    params.push(...values(r), by);
    return placeholders(b);
  });
  return em.query(
    `INSERT INTO ${T} (ten_goi_cuoc, ${PRICE_FIELDS.join(', ')}, updated_by) VALUES ${tuples.join(', ')}
     ON CONFLICT (upper(btrim(ten_goi_cuoc))) DO UPDATE SET ten_goi_cuoc = EXCLUDED.ten_goi_cuoc,
       ${PRICE_FIELDS.map((f) => `${f} = EXCLUDED.${f}`).join(', ')}, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING ${COLUMNS}`,
    params,
  );
}

export async function deletePrice(em: EntityManager, id: string): Promise<void> {
  await em.query(`DELETE FROM ${T} WHERE id = $1`, [id]);
}
