import { PermissionEntity } from './permission';
import { RoleEntity, RolePermissionEntity } from './role';
import { UserEntity, UserPermissionEntity } from './user';
import { InviteChannelEntity } from './invite-channel';
import { SystemAccountEntity } from './system-account';

export * from './permission';
export * from './role';
export * from './user';
export * from './invite-channel';
export * from './system-account';

export const authEntities = [
  PermissionEntity,
  RoleEntity,
  RolePermissionEntity,
  UserEntity,
  UserPermissionEntity,
  InviteChannelEntity,
  SystemAccountEntity,
];
