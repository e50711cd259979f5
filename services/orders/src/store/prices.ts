import type { EntityManager } from 'typeorm';
import { AppError, Paging } from '@cskh/kit';
import { isUniqueViolation, pageSql, Where } from '@cskh/kit/data';
import { MSG } from '../domain/messages';
import type { PriceInput, PriceKind, PriceRow } from '../domain/prices';
import { SCHEMA } from './schema';

/** Data access of the price lists (plain SQL over an EntityManager). */

const T = `${SCHEMA}.package_price`;
/** Audit-trail resource names of the two lists. */
export const priceResource = (kind: PriceKind) => `package_price_${kind}`;

// bigint comes back from pg as text: amounts are read as numbers (≤ 2^53, checked on the way in).
const COLUMNS = `id, kind, ten_goi_cuoc, phi_thu_hoi::float8 AS phi_thu_hoi, gia_t1::float8 AS gia_t1, gia_t2::float8 AS gia_t2, gia_t3::float8 AS gia_t3, created_at`;

export async function pagePrices(em: EntityManager, kind: PriceKind, where: Where, paging: Pick<Paging, 'skip' | 'take'>) {
  where.add('kind = ?', kind);
  const [rows, [n]] = await Promise.all([
    em.query(`SELECT ${COLUMNS} FROM ${T} ${where.sql} ORDER BY lower(ten_goi_cuoc), id ${pageSql(paging)}`, where.params) as Promise<
      PriceRow[]
    >,
    em.query(`SELECT count(*)::bigint AS n FROM ${T} ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(n?.n ?? 0) };
}

export async function findPrice(em: EntityManager, kind: PriceKind, id: string): Promise<PriceRow | undefined> {
  const rows: PriceRow[] = await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE kind = $1 AND id = $2`, [kind, id]);
  return rows[0];
}

/** The price of a package by its exact name (trimmed; case-insensitive when no exact match). */
export async function findPriceByName(em: EntityManager, kind: PriceKind, name: string): Promise<PriceRow | undefined> {
  const rows: PriceRow[] = await em.query(
    `SELECT ${COLUMNS} FROM ${T} WHERE kind = $1 AND lower(ten_goi_cuoc) = lower($2) ORDER BY (ten_goi_cuoc = $2) DESC LIMIT 1`,
    [kind, name.trim()],
  );
  return rows[0];
}

export async function lockPrice(em: EntityManager, kind: PriceKind, id: string): Promise<PriceRow> {
  const rows: PriceRow[] = await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE kind = $1 AND id = $2 FOR UPDATE`, [kind, id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', MSG.priceNotFound);
  return rows[0];
}

const nameTaken = (err: unknown, name: string) => {
  if (isUniqueViolation(err)) throw new AppError('CONFLICT', MSG.priceExists(name));
  throw err;
};

export async function insertPrice(em: EntityManager, kind: PriceKind, p: PriceInput, by: string): Promise<PriceRow> {
  const rows: PriceRow[] = await em
    .query(
      `INSERT INTO ${T} (kind, ten_goi_cuoc, phi_thu_hoi, gia_t1, gia_t2, gia_t3, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [kind, p.ten_goi_cuoc, p.phi_thu_hoi, p.gia_t1, p.gia_t2, p.gia_t3, by],
    )
    .catch((e) => nameTaken(e, p.ten_goi_cuoc));
  return rows[0];
}

export async function updatePrice(em: EntityManager, id: string, p: PriceInput): Promise<PriceRow> {
  const [rows] = (await em
    .query(
      `UPDATE ${T} SET ten_goi_cuoc = $2, phi_thu_hoi = $3, gia_t1 = $4, gia_t2 = $5, gia_t3 = $6, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, p.ten_goi_cuoc, p.phi_thu_hoi, p.gia_t1, p.gia_t2, p.gia_t3],
    )
    .catch((e) => nameTaken(e, p.ten_goi_cuoc))) as [PriceRow[], number];
  return rows[0];
}

export async function deletePrice(em: EntityManager, id: string): Promise<void> {
  await em.query(`DELETE FROM ${T} WHERE id = $1`, [id]);
}

/**
 * Imported prices: a package already on the list takes the sheet's amounts (the sheet is the
 * newer word), a new one is added. Returns the rows as stored before (null for new ones) and now.
 */
export async function upsertPrices(em: EntityManager, kind: PriceKind, rows: readonly PriceInput[], by: string) {
  const out: Array<{ before: PriceRow | null; after: PriceRow }> = [];
  for (const p of rows) {
    const [before] = (await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE kind = $1 AND ten_goi_cuoc = $2 FOR UPDATE`, [
      kind,
      p.ten_goi_cuoc,
    ])) as PriceRow[];
    const [after] = (await em.query(
      `INSERT INTO ${T} (kind, ten_goi_cuoc, phi_thu_hoi, gia_t1, gia_t2, gia_t3, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (kind, ten_goi_cuoc) DO UPDATE SET phi_thu_hoi = EXCLUDED.phi_thu_hoi, gia_t1 = EXCLUDED.gia_t1, gia_t2 = EXCLUDED.gia_t2,
         gia_t3 = EXCLUDED.gia_t3, updated_at = now()
       RETURNING ${COLUMNS}`,
      [kind, p.ten_goi_cuoc, p.phi_thu_hoi, p.gia_t1, p.gia_t2, p.gia_t3, by],
    )) as PriceRow[];
    out.push({ before: before ?? null, after });
  }
  return out;
}
