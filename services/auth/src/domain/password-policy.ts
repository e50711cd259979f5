import { AppError } from '@cskh/kit';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MSG } from './messages';

/** Shortest password accepted (characters, as the user typed them). */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Lowest zxcvbn score accepted (0–4). Below 2 the estimator guesses the password in under a
 * million tries: it is in the common-password dictionary or a small variation of one ('Password1',
 * 'P@ssw0rd', 'admin123', 'abc12345'). 2 keeps the office's own pattern (a word, '@', a few digits:
 * 'Matkhau@1', 'Demo@123', 'Admin@123', each scored 2); 3 would refuse them.
 */
export const PASSWORD_MIN_SCORE = 2;
/** A username shorter than this is no hint inside a password (zxcvbn still weighs it). */
const USERNAME_CONTAINED_FROM = 3;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries take a moment to rank. */
const zxcvbn = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

export type PasswordProblem = 'short' | 'username' | 'common';

/**
 * What is wrong with a new password for `username`, or null when it may be used: at least 8
 * characters, not containing the username (any case), and not a common password by the
 * common-password dictionary of zxcvbn-ts (with its variations: case, l33t, appended digits).
 */
export function passwordProblem(password: string, username: string): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'short';
  const name = username.trim().toLowerCase();
  if (name.length >= USERNAME_CONTAINED_FROM && password.toLowerCase().includes(name)) return 'username';
  if (zxcvbn().check(password, name ? [name] : []).score < PASSWORD_MIN_SCORE) return 'common';
  return null;
}

/** The policy on user create, an administrator's reset and one's own change: 400 with what to choose. */
export function assertPasswordPolicy(password: string, username: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw new AppError('VALIDATION', MSG.passwordWeak);
}
