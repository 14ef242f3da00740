import { phoneKey } from '@wellbe/shared/domain/phone';
import { fold } from '@wellbe/shared/domain/text';

/** The derived columns behind the SPEC §5 duplicate rules and the accent-insensitive search. */
export function patientKeys(fullName: string, phoneNumber: string, email: string) {
  const nameKey = fold(fullName);
  const key = phoneKey(phoneNumber);
  return { nameKey, phoneKey: key, searchKey: [nameKey, key, phoneNumber.replace(/\s/g, ''), fold(email)].join(' ') };
}
