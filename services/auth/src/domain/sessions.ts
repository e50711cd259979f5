/**
 * Sessions a user's own password change ends (spec 1 §2.5 'Thông tin cá nhân'): every other live
 * session of that user, so a stolen token does not outlive the password it was issued for; the
 * session making the change goes on (the profile screen stays signed in).
 */
export interface SessionRecord {
  /** Token id (the JWT's jti). */
  jti: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
}

/** The sessions to end: live (not yet expired) and not the one making the change. */
export function sessionsEndedByPasswordChange(sessions: readonly SessionRecord[], currentJti: string, nowSeconds: number): SessionRecord[] {
  return sessions.filter((s) => s.jti !== currentJti && s.exp > nowSeconds);
}
