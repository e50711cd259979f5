export interface RoleRef {
  id: string;
  name: string;
  priority: number;
}

export interface PermissionRef {
  id: string;
  code: string;
  name: string;
  category: string;
}

export interface User {
  id: string;
  username: string;
  fullname: string;
  full_name?: string;
  email: string;
  phone: string;
  avatar: string;
  role?: RoleRef;
  role_id?: string;
  role_name?: string;
  role_priority?: number;
  brand_id?: string;
  group_id?: string;
  is_deleted?: boolean;
  permissions?: PermissionRef[];
  has_custom_permissions?: boolean;
  created_at?: string;
}

export interface LoginReply {
  access_token: string;
  expires_in: number;
  user: User;
  role: RoleRef;
  permissions: string[];
}
