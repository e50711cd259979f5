import { useMemo } from 'react';
import { holdsAny, type MenuViewer } from '../api/viewer';
import type { RoleRef, User } from '../api/auth';
import { useAppSelector } from '../store/hooks';
import { PRIORITY } from '../api/access';

export interface Session extends MenuViewer {
  user: User | null;
  role: RoleRef | null;
  /** Role priority; lower = more power. Unknown → 5 (least power). */
  priority: number;
  has: (...codes: string[]) => boolean;
}

export function makeSession(user: User | null, role: RoleRef | null, permissions: string[]): Session {
  const p = role?.priority ?? user?.role?.priority ?? user?.role_priority;
  const priority = typeof p === 'number' && p > 0 ? p : PRIORITY.sales;
  return {
    user,
    role,
    username: user?.username ?? '',
    priority,
    permissions,
    has: (...codes: string[]) => holdsAny(permissions, codes),
  };
}

export function useSession(): Session {
  const { user, role, permissions } = useAppSelector((s) => s.auth);
  return useMemo(() => makeSession(user, role, permissions ?? []), [user, role, permissions]);
}
