import { AppError } from '@cskh/kit';
import { MSG } from './messages';
import { isDigits } from './staff';

export interface ProfileInput {
  fullname: string;
  email: string;
  phone: string;
  password: string;
  password_new: string;
  password_new_confirm: string;
  avatar: string;
}

export interface ProfileChange {
  fullname: string;
  email: string;
  phone: string;
  avatar: string | null;
  /** Set when the form asks for a password change (old password still to be verified). */
  newPassword: string | null;
}

/**
 * 'Thông tin cá nhân' (spec 1 §2.5, §5): name and email required, phone numeric; a password
 * change needs the old password and a new password equal to its confirmation.
 */
export function validateProfile(p: ProfileInput): ProfileChange {
  const fullname = p.fullname.trim();
  const email = p.email.trim();
  const phone = p.phone.trim();
  if (!fullname) throw new AppError('VALIDATION', MSG.fullnameRequired);
  if (!email) throw new AppError('VALIDATION', MSG.emailRequired);
  if (!isDigits(phone)) throw new AppError('VALIDATION', MSG.phoneDigits);
  let newPassword: string | null = null;
  if (p.password_new || p.password_new_confirm) {
    if (!p.password) throw new AppError('VALIDATION', MSG.oldPasswordRequired);
    if (!p.password_new) throw new AppError('VALIDATION', MSG.newPasswordRequired);
    if (p.password_new !== p.password_new_confirm) throw new AppError('VALIDATION', MSG.passwordMismatch);
    newPassword = p.password_new;
  }
  return { fullname, email, phone, avatar: p.avatar.trim() || null, newPassword };
}
