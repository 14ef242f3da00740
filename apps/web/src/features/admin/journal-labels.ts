import type { TFunction } from 'i18next';

// The journal stores codes ('patient.file.read', '/api/profil:updatePassword', record type
// 'consultation'): shown as readable words of the interface language, the code itself when a word
// is unknown (a new action is never hidden).
const WORD = /[A-Za-z]+/g;

export function journalLabel(t: TFunction, code: string | null | undefined): string {
  if (!code) return '';
  const words = (code.match(WORD) ?? []).filter((w) => w !== 'api');
  if (!words.length) return code;
  return words.map((w) => t(`journal.words.${w}`, { defaultValue: w })).join(' · ');
}
