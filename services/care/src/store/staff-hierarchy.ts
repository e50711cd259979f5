import type { DataSource } from 'typeorm';
import { PRIORITY } from '@cskh/kit';
import { SCHEMA } from './schema';

/** Who is above whom, read from the kit's staff read model (the care schema's staff table). */
const STAFF = `"${SCHEMA}".staff`;

/** The leader (priority 4) of a staff member's group, when they have one. */
export async function groupLeaderOf(ds: DataSource, username: string): Promise<string | undefined> {
  const [row] = await ds.query(
    `SELECT l.username FROM ${STAFF} s JOIN ${STAFF} l ON l.user_id = s.group_id AND l.priority = ${PRIORITY.leader}
      WHERE s.username = $1 AND s.group_id <> ''`,
    [username],
  );
  return row?.username;
}

/** The account of a staff member's branch, when they have one. */
export async function branchAccountOf(ds: DataSource, username: string): Promise<string | undefined> {
  const [brand] = await ds.query(
    `SELECT b.username FROM ${STAFF} s JOIN ${STAFF} b ON b.user_id = s.brand_id WHERE s.username = $1 AND s.brand_id <> ''`,
    [username],
  );
  return brand?.username;
}
