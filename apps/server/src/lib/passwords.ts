import { hash, verify } from '@node-rs/argon2';
import { loadPasswordStrength, PASSWORD_STRENGTH_MESSAGES } from '@wellbe/shared/domain/password-strength';
import { badRequest } from './errors.ts';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;

// argon2id with the library's defaults (about 25 ms a hash on these machines).
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A new password must also not be a common one (SPEC §5's rule is checked by the schemas): the
 * zxcvbn-ts common and French dictionaries, with the account's own names as extra words.
 */
export async function assertNotCommonPassword(password: string, userInputs: string[] = []): Promise<void> {
  const check = await loadPasswordStrength();
  if (check(password, userInputs.filter(Boolean)).tooCommon) throw badRequest(PASSWORD_STRENGTH_MESSAGES.common, 'password_common');
}
