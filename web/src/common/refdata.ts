import { useEffect, useState } from 'react';
import { api } from '../api/client';
import type { PermissionRef } from '../store/types';
import { ZERO_GUID } from './format';

export interface RoleRow {
  id: string;
  name: string;
  priority: number;
  permissions: string[];
  user_count?: number;
}

export interface StaffOption {
  id: string;
  username: string;
  fullname?: string;
  full_name?: string;
  role?: { id?: string; name?: string; priority?: number };
  brand_id?: string;
  group_id?: string;
}

export const fetchRoles = () => api.get('/api/v1/role', { page: 1, count: 100 }).then((d) => (d?.values ?? []) as RoleRow[]);
export const fetchPermissions = () =>
  api.get('/api/v1/permission', { page: 1, count: 1000 }).then((d) => (d?.values ?? []) as PermissionRef[]);
export const fetchBrands = () => api.get('/api/v1/users/me/brands').then((d) => (d?.values ?? []) as StaffOption[]);
export const fetchLeaders = (brandId: string) =>
  api.get(`/api/v1/users/${encodeURIComponent(brandId)}/leaders`).then((d) => (d?.values ?? []) as StaffOption[]);

export function staffLabel(s: StaffOption): string {
  const name = s.fullname || s.full_name || '';
  return name ? `${s.username} - ${name}` : s.username;
}

export function isEmptyId(id: string | undefined | null): boolean {
  return !id || id === ZERO_GUID;
}

/** Load once on mount; `reload()` to refetch. Errors leave the previous value (and are logged). */
export function useLoad<T>(load: () => Promise<T>, initial: T, deps: unknown[] = []) {
  const [value, setValue] = useState<T>(initial);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    load()
      .then((v) => alive && setValue(v))
      .catch((e) => console.error('load failed', e))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick, ...deps]);
  return { value, setValue, loading, reload: () => setTick((t) => t + 1) };
}

/** Permissions grouped by category (order of first appearance), each group sorted as given. */
export function groupByCategory(perms: PermissionRef[]): [string, PermissionRef[]][] {
  const groups = new Map<string, PermissionRef[]>();
  for (const p of perms) {
    const key = p.category || 'Khác';
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(p);
  }
  return [...groups.entries()];
}
