/**
 * Letters Unicode does not decompose but a French reader types as two: « oeuf » must find « œuf »,
 * « Laetitia » « Lætitia ». Lower case only: `letters` lowercases first.
 */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae' };

/**
 * The folding of every search and slug: lower case, without diacritics, ligatures written out
 * (œ → oe, æ → ae). Spaces and punctuation are left as they are.
 */
export function foldLetters(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[œæ]/g, (c) => LIGATURES[c]!);
}

/**
 * Folded letters without repeated spaces: the one key of accent-insensitive search (foods, recipes,
 * exercises, patients, contacts, notes, articles) and of the SPEC §5 duplicate-name rule ('Un
 * patient avec ce nom existe déja'), shared by the panel's live check and the server so both
 * compare names the same way. Stored keys follow it (a change here needs a migration that
 * recomputes them, as `search-ligatures` did).
 */
export function fold(value: string): string {
  return foldLetters(value).replace(/\s+/g, ' ').trim();
}
