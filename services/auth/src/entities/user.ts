import { EntitySchema } from 'typeorm';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  fullname: string;
  email: string;
  phone: string;
  avatar: string;
  role_id: string;
  /** Branch (a priority-3 user) for priority 4 and above; null otherwise. */
  brand_id: string | null;
  /** Leader (a priority-4 user of the same branch) for priority 5; null otherwise. */
  group_id: string | null;
  /** Locked ('Ngừng hoạt động'). */
  is_deleted: boolean;
  /** True once the per-user permission editor saved a set: then user_permissions is the effective set. */
  custom_permissions: boolean;
  created_at: Date;
  updated_at: Date;
}

export const UserEntity = new EntitySchema<UserRow>({
  name: 'User',
  tableName: 'users',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    username: { type: 'text' },
    password_hash: { type: 'text' },
    fullname: { type: 'text' },
    email: { type: 'text', default: '' },
    phone: { type: 'text', default: '' },
    avatar: { type: 'text', default: '' },
    role_id: { type: 'uuid' },
    brand_id: { type: 'uuid', nullable: true },
    group_id: { type: 'uuid', nullable: true },
    is_deleted: { type: 'boolean', default: false },
    custom_permissions: { type: 'boolean', default: false },
    created_at: { type: 'timestamptz', createDate: true },
    updated_at: { type: 'timestamptz', updateDate: true },
  },
});

export interface UserPermissionRow {
  user_id: string;
  permission_id: string;
}

export const UserPermissionEntity = new EntitySchema<UserPermissionRow>({
  name: 'UserPermission',
  tableName: 'user_permissions',
  columns: {
    user_id: { type: 'uuid', primary: true },
    permission_id: { type: 'uuid', primary: true },
  },
});
