import { systemAccountsApi, type SaveSystemAccountRequest, type SystemAccount } from './api';
import type { FormConfig, FormValues } from '../../form/types';

/** Helper text of the password when editing: the server keeps the stored one for a blank password. */
export const KEEP_PASSWORD_HINT = 'Để trống để giữ mật khẩu hiện tại';

/**
 * The request body from the dialog's values: a blank password (left out by the dialog) is sent
 * as '' — on update the auth server then keeps the stored password (domain/system-accounts.ts).
 */
export function systemAccountRequest(v: FormValues): Omit<SaveSystemAccountRequest, 'id'> {
  return {
    position: String(v.position ?? ''),
    account: String(v.account ?? ''),
    password: typeof v.password === 'string' ? v.password : '',
    api: String(v.api ?? ''),
    additional_content: String(v.additional_content ?? ''),
  };
}

/**
 * 'Tài khoản hệ thống' create/edit dialog (spec 2 §2.12, §3, §5): position ('Đăng nhập vào'),
 * account, password, api required; additional_content (JSON text) optional. The password is
 * never shown — the server never sends it — and on edit it is optional.
 */
export const systemAccountFormConfig: FormConfig<SystemAccount> = {
  title: (mode) => (mode === 'create' ? 'Thêm tài khoản hệ thống' : 'Cập nhật tài khoản hệ thống'),
  successMsg: (mode) => (mode === 'create' ? 'Thêm tài khoản hệ thống thành công' : 'Cập nhật tài khoản hệ thống thành công'),
  errorMsg: (mode) => (mode === 'create' ? 'Thêm tài khoản hệ thống không thành công' : 'Cập nhật tài khoản hệ thống không thành công'),
  submitLabel: 'Lưu',
  fields: [
    { key: 'position', label: 'Đăng nhập vào', type: 'text', required: true },
    { key: 'account', label: 'Tài khoản', type: 'text', required: true, autoComplete: 'off' },
    {
      key: 'password',
      label: 'Mật khẩu',
      type: 'password',
      required: (_v, ctx) => ctx.mode === 'create',
      // Never pre-filled: the list carries no password.
      initial: () => '',
      omitBlank: true,
      helperText: (_v, ctx) => (ctx.mode === 'edit' ? KEEP_PASSWORD_HINT : undefined),
    },
    { key: 'api', label: 'API', type: 'text', required: true },
    { key: 'additional_content', label: 'Nội dung bổ sung (JSON)', type: 'text' },
  ],
  submit: (v, ctx) => {
    const body = systemAccountRequest(v);
    return ctx.mode === 'edit' ? systemAccountsApi.update({ id: ctx.row!.id, ...body }) : systemAccountsApi.create(body);
  },
};
