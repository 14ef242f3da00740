import { describe, expect, it } from 'vitest';
import { fold, parseVCards, unfold, VCardError, writeVCards, type VCardContact } from './vcard.ts';

const base: VCardContact = {
  prefix: '',
  name: '',
  lastName: '',
  nickname: '',
  company: '',
  jobTitle: '',
  email: '',
  phone: '',
  emails: [],
  phones: [],
  address: '',
  street: '',
  postalCode: '',
  city: '',
  region: '',
  country: '',
  addressType: 'work',
  url: '',
  avatar: '',
  photo: null,
  birthday: '',
  notes: '',
  profession: '',
  rpps: '',
};

describe('vCard', () => {
  it('folds long lines at 75 octets without cutting a UTF-8 character, and unfolds them back', () => {
    const line = 'NOTE:' + 'é'.repeat(100);
    const folded = fold(line);
    // 'é' is 2 bytes in UTF-8: at most 37 of them (74 bytes) on a line, the first line starting with 'NOTE:'.
    for (const part of folded.split('\r\n')) expect(unescape(encodeURIComponent(part)).length).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toEqual([line]);
  });

  it('escapes commas, semicolons, backslashes and line breaks both ways', () => {
    const contact = { ...base, name: 'Anne; Marie', lastName: 'Dupont, fils', notes: 'Ligne 1\nLigne 2 \\ fin', address: '3, rue de la Paix; Bât. B' };
    expect(parseVCards(writeVCards([contact]))).toEqual([contact]);
  });

  it('refuses a card without END, an unknown version and text outside a card', () => {
    expect(() => parseVCards('BEGIN:VCARD\nVERSION:3.0\nFN:x\n')).toThrow(VCardError);
    expect(() => parseVCards('BEGIN:VCARD\nVERSION:2.1\nFN:x\nEND:VCARD\n')).toThrow(/2\.1/);
    expect(() => parseVCards('FN:x\n')).toThrow(VCardError);
    expect(() => parseVCards('')).toThrow(/aucune fiche/);
  });
});
