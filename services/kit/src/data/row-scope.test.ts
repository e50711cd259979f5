import type { DataSource } from 'typeorm';
import { StaffDirectory } from './staff';
import { Where } from './sql';

// rowsInScope only writes SQL: no database behind the directory.
const dir = new StaffDirectory({} as DataSource, 'care');
const leader = { priority: 4, userId: 'u-tn1', username: 'tn1' };
const senior = { priority: 2, userId: 'u-ql', username: 'ql' };
const rows = (rowScope: string | undefined, user = leader) =>
  dir.rowsInScope(new Where(), { user, route: { rowScope: rowScope as never } }, 'username');

describe('StaffDirectory.rowsInScope: the route’s declared row scope', () => {
  it('subtree: a leader their group and themself; head office every row', () => {
    const w = rows('subtree');
    expect(w.sql).toContain('group_id');
    expect(w.params).toEqual(['tn1', 'u-tn1']);
    expect(rows('subtree', senior).sql).toBe('');
  });

  it('own: the caller’s rows only, whatever their priority', () => {
    for (const user of [leader, senior])
      expect([rows('own', user).sql, rows('own', user).params]).toEqual(['WHERE username = $1', [user.username]]);
  });

  it('all, pool and record: no restriction', () => {
    for (const scope of ['all', 'pool', 'record']) expect(rows(scope).sql).toBe('');
  });

  it('a list without a declared scope is a programming error, never every row', () => {
    expect(() => rows(undefined)).toThrow('declares no row_scope');
  });
});
