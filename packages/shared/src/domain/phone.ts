// Phone numbers: French (0X XX XX XX XX, +33 X XX XX XX XX) or international (+ and 8 to 15 digits, E.164).
const SEPARATORS = /[\s.\-()]/g;

export function isValidPhone(value: string): boolean {
  const compact = value.trim().replace(SEPARATORS, '');
  if (/^0[1-9]\d{8}$/.test(compact)) return true;
  if (/^(\+|00)33[1-9]\d{8}$/.test(compact)) return true;
  return /^(\+|00)[1-9]\d{7,14}$/.test(compact);
}

/** Canonical digits (international, without '+'): the key of the "same phone" rule. */
export function phoneKey(value: string): string {
  const compact = value.trim().replace(SEPARATORS, '');
  if (/^0[1-9]\d{8}$/.test(compact)) return '33' + compact.slice(1);
  if (compact.startsWith('+')) return compact.slice(1);
  if (compact.startsWith('00')) return compact.slice(2);
  return compact.replace(/\D/g, '');
}

export const PHONE_MESSAGE = 'Numéro de téléphone invalide : un numéro français ou international est attendu.';
