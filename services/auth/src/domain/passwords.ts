import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;

export const hashPassword = (plain: string) => bcrypt.hash(plain, BCRYPT_COST);

/** A hash of nothing anyone knows: compared against when the username does not exist, so timing tells nothing. */
const DUMMY_HASH = bcrypt.hashSync('cskh-no-such-user', BCRYPT_COST);

export async function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(plain, hash ?? DUMMY_HASH);
  return ok && !!hash;
}
