// National identifiers of French health professionals (issue 37, and the letterheads of 33/34).
// RPPS: 11 digits, the last a Luhn key over the first ten (ANS, « Répertoire partagé des
// professionnels de santé »). ADELI: 9 characters — département (2 digits, or 2A/2B for Corsica),
// profession (2 digits), an order number (4 digits) and a key; ADELI keys are not published
// uniformly across professions, so only the shape is checked.
import { luhnValid } from './siret.ts';

export const PROFESSIONAL_ID_MESSAGES = {
  rpps: 'Le numéro RPPS doit comporter 11 chiffres, dont une clé de contrôle valide.',
  adeli: 'Le numéro ADELI doit comporter 9 caractères (chiffres, 2A ou 2B pour la Corse).',
} as const;

export function isValidRpps(value: string): boolean {
  return /^\d{11}$/.test(value) && luhnValid(value);
}

export function isValidAdeli(value: string): boolean {
  return /^(?:\d{2}|2[AB])\d{7}$/.test(value);
}

/**
 * The national identifier Pro Santé Connect returns (`SubjectNameID` / IdNat_PS): "8" + RPPS, or
 * "0" + ADELI. Returns which register it belongs to and the number as the profile stores it.
 */
export function parseNationalId(value: string): { kind: 'rpps' | 'adeli'; number: string } | null {
  if (value.length === 12 && value.startsWith('8') && isValidRpps(value.slice(1))) return { kind: 'rpps', number: value.slice(1) };
  if (value.length === 10 && value.startsWith('0') && isValidAdeli(value.slice(1))) return { kind: 'adeli', number: value.slice(1) };
  if (isValidRpps(value)) return { kind: 'rpps', number: value };
  return null;
}
