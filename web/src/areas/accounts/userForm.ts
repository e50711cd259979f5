/**
 * The create/edit user dialog as a form configuration (spec 1 §2.6, §5): required fullname,
 * username, password (create), email and role — the role is never defaulted (the spec's "blank =
 * first role" made an administrator's blank choice a super-admin; the server refuses it too); brand
 * shown and required when the chosen role's priority is 4 or more; group ('Nhóm') shown and required when that priority is 5 and the
 * chosen brand has leaders.
 */
import { usersApi, type CreateUserRequest, type Role, type User } from './api';
import { ZERO_GUID } from '../../common/format';
import { isEmptyId, staffLabel } from '../../common/refdata';
import type { FormConfig, FormContext, FormOption, FormValues } from '../../form/types';
import { isBranchOrAbove, isSales } from '../../api/access';

/** Roles a caller of this priority may give: their own level and below (server: assertCanAssignRole). */
export function assignableRoles<T extends Pick<Role, 'priority'>>(roles: readonly T[], callerPriority: number): T[] {
  return roles.filter((r) => r.priority >= callerPriority);
}

/** The chosen role (undefined while none is chosen). */
export function chosenRole(values: FormValues, ctx: Pick<FormContext, 'options'>): Role | undefined {
  const roles = (ctx.options.role ?? []).map((o) => o.data as Role);
  return roles.find((r) => r.id === values.role);
}

const rolePriority = (values: FormValues, ctx: FormContext) => chosenRole(values, ctx)?.priority ?? 0;
const showBrand = (values: FormValues, ctx: FormContext) => !isBranchOrAbove(rolePriority(values, ctx));
const showGroup = (values: FormValues, ctx: FormContext) =>
  isSales(rolePriority(values, ctx)) && showBrand(values, ctx) && !!values.brand && (ctx.options.group ?? []).length > 0;

const staffOptions = (list: Awaited<ReturnType<typeof usersApi.myBrands>>): FormOption[] =>
  list.filter((s) => !isEmptyId(s.id)).map((s) => ({ value: s.id, label: staffLabel(s), testKey: s.username }));

/** What the user dialog sends: the shown fields as typed and chosen (password on create only; brand and group where shown). */
export type UserValues = {
  fullname: string;
  username: string;
  password: string;
  email: string;
  phone?: string;
  role?: string;
  brand?: string;
  group?: string;
};

/** The request a create sends. */
export function createUserRequest(v: UserValues): CreateUserRequest {
  return {
    fullname: v.fullname,
    username: v.username,
    password: v.password,
    email: v.email,
    phone: v.phone ?? '',
    brand: v.brand || ZERO_GUID,
    group: v.group || ZERO_GUID,
    role: v.role ?? '',
  };
}

export function userFormConfig(loadRoles: () => Promise<Role[]>): FormConfig<User, UserValues> {
  return {
    title: (mode) => (mode === 'create' ? 'Tạo người dùng' : 'Cập nhật người dùng'),
    successMsg: (mode) => (mode === 'create' ? 'Tạo nhân viên thành công' : 'Cập nhật nhân viên thành công'),
    errorMsg: (mode) => (mode === 'create' ? 'Tạo nhân viên không thành công' : 'Cập nhật nhân viên không thành công'),
    fields: [
      { key: 'fullname', label: 'Họ tên', type: 'text', required: true, initial: (u) => u.fullname || u.full_name },
      { key: 'username', label: 'Tên đăng nhập', type: 'text', required: true, readOnlyIn: ['edit'] },
      { key: 'password', label: 'Mật khẩu', type: 'password', required: true, modes: ['create'] },
      { key: 'email', label: 'Email', type: 'text', required: true },
      { key: 'phone', label: 'Số điện thoại', type: 'text', digitsOnly: true },
      {
        key: 'role',
        label: 'Vai trò',
        type: 'select',
        required: true,
        initial: (u) => u.role_id || u.role?.id || '',
        loadOptions: (_v, ctx) =>
          loadRoles().then((roles) => assignableRoles(roles, ctx.viewer.priority).map((r) => ({ value: r.id, label: r.name, data: r }))),
        resets: ['group'],
      },
      {
        key: 'brand',
        label: 'Chi nhánh',
        type: 'select',
        required: true,
        visible: showBrand,
        initial: (u) => (isEmptyId(u.brand_id) ? '' : u.brand_id),
        // Brands change when branches are created: reloaded at every opening.
        loadOptions: () => usersApi.myBrands().then(staffOptions),
        resets: ['group'],
      },
      {
        key: 'group',
        label: 'Nhóm',
        type: 'select',
        required: true,
        visible: showGroup,
        initial: (u) => (isEmptyId(u.group_id) ? '' : u.group_id),
        optionsKey: (v) => String(v.brand ?? '') || undefined,
        loadOptions: (v) => usersApi.leaders(String(v.brand ?? '')).then(staffOptions),
      },
    ],
    submit: (v, ctx) =>
      ctx.mode === 'create'
        ? usersApi.create(createUserRequest(v))
        : usersApi.update({
            id: ctx.row!.id,
            fullname: v.fullname,
            email: v.email,
            phone: v.phone ?? '',
            brand: v.brand || ZERO_GUID,
            group: v.group || ZERO_GUID,
            // Blank = keep the current role.
            role: v.role ?? '',
          }),
  };
}
