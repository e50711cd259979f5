import { AppError } from '@cskh/kit';
import { MSG } from './messages';

export interface SystemAccountInput {
  position: string;
  account: string;
  password: string;
  api: string;
  additional_content: string;
}

/**
 * 'Tài khoản hệ thống' (spec 2 §5): position, account, password and api required; on update a
 * blank password keeps the stored one (password null).
 */
export function validateSystemAccount(input: SystemAccountInput, creating: boolean) {
  const v = {
    position: input.position.trim(),
    account: input.account.trim(),
    api: input.api.trim(),
    additional_content: input.additional_content ?? '',
    password: input.password ? input.password : null,
  };
  if (!v.position || !v.account || !v.api || (creating && !v.password)) throw new AppError('VALIDATION', MSG.systemAccountMissing);
  return v;
}
