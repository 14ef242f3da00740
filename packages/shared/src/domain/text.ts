/**
 * Lower case without diacritics or repeated spaces: the one key of accent-insensitive search and of
 * the SPEC §5 duplicate-name rule ('Un patient avec ce nom existe déja'), shared by the panel's live
 * check and the server so both compare names the same way.
 */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
