// vCard 3.0 (RFC 2426) and 4.0 (RFC 6350), the subset an address book of correspondents needs:
// FN, N (with the honorific prefix), NICKNAME, ORG, TITLE, every EMAIL and TEL with its type, the
// structured ADR, URL, PHOTO, BDAY, NOTE and two X- properties of our own (profession, RPPS) so that
// an export imports back to the same contacts, and Apple's and Google's exports keep what they hold.
// Written here rather than taken from npm: the maintained parsers either need Node 22 or pull a
// DOM/XML stack, and the subset is small. Both sides of the wire use this one parser.

export const VCARD_EMAIL_TYPES = ['work', 'home', 'other'] as const;
export const VCARD_PHONE_TYPES = ['cell', 'work', 'home', 'fax', 'other'] as const;
export const VCARD_ADDRESS_TYPES = ['work', 'home', 'other'] as const;
export type VCardEmailType = (typeof VCARD_EMAIL_TYPES)[number];
export type VCardPhoneType = (typeof VCARD_PHONE_TYPES)[number];
export type VCardAddressType = (typeof VCARD_ADDRESS_TYPES)[number];

export interface VCardContact {
  /** Honorific prefix (N's fourth component): « Dr », « Pr », « Mme ». */
  prefix: string;
  name: string;
  lastName: string;
  nickname: string;
  company: string;
  jobTitle: string;
  /** The first (preferred) of `emails` and `phones`. */
  email: string;
  phone: string;
  emails: { value: string; type: VCardEmailType }[];
  phones: { value: string; type: VCardPhoneType }[];
  /** The address on one line, and its parts (the preferred ADR). */
  address: string;
  street: string;
  postalCode: string;
  city: string;
  region: string;
  country: string;
  addressType: VCardAddressType;
  url: string;
  /** A PHOTO given by address (Google) is kept as the avatar; a PHOTO given inline comes as `photo`. */
  avatar: string;
  photo: { mime: 'image/jpeg' | 'image/png' | 'image/gif'; base64: string } | null;
  /** YYYY-MM-DD, or '' when absent or partial (a birthday without a year is dropped). */
  birthday: string;
  notes: string;
  profession: string;
  rpps: string;
}

export class VCardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VCardError';
  }
}

/** What one card may hold: far above any address book's export, low enough to bound the work. */
export const VCARD_BOUNDS = {
  /** Parameter values on one line (`TEL;TYPE=CELL,VOICE;PREF=1` has 3). */
  paramValues: 64,
  /** Properties of one card. */
  properties: 500,
} as const;

export const VCARD_MESSAGES = {
  empty: 'Le fichier ne contient aucune fiche vCard (BEGIN:VCARD … END:VCARD).',
  unbalanced: 'Fichier vCard mal formé : une fiche n’est pas terminée par END:VCARD.',
  version: (v: string) => `Version de vCard non prise en charge (${v}) : seules les versions 3.0 et 4.0 sont acceptées.`,
  line: (n: number) => `Fichier vCard mal formé : ligne ${n} illisible.`,
  tooLong: (n: number) => `Fichier vCard mal formé : la fiche de la ligne ${n} a plus de ${VCARD_BOUNDS.properties} propriétés.`,
  tooMany: (max: number) => `Le fichier contient plus de ${max} fiches : importez-le en plusieurs fois.`,
} as const;

interface Line {
  /** Apple's `item1.` group: ties a property to its X-ABLabel. */
  group: string;
  name: string;
  params: Record<string, string[]>;
  value: string;
}

/** RFC 6350 §3.2: a line break followed by one space or tab continues the previous line. */
export function unfold(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n|\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

/** Splits on a separator that is not escaped with a backslash. */
function splitUnescaped(value: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1];
      i++;
    } else if (c === separator) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

/** `\n` is a line break; any other escaped character is itself (Google escapes the ':' of URLs). */
function unescapeValue(value: string): string {
  return value.replace(/\\(.)/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Older Google and Outlook exports still write some values in quoted-printable UTF-8. */
function decodeQuotedPrintable(value: string): string {
  // =XX bytes become %XX so that decodeURIComponent assembles the UTF-8 characters.
  const raw = value.replace(/=\n/g, '');
  let percent = '';
  // A lone surrogate makes encodeURIComponent throw too: the value then stays as written.
  try {
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) {
        percent += '%' + raw.slice(i + 1, i + 3);
        i += 2;
      } else percent += encodeURIComponent(raw[i]);
    }
    return decodeURIComponent(percent);
  } catch {
    return raw;
  }
}

/** Bytes of a character in UTF-8. */
function utf8Size(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

function parseLine(raw: string, lineNumber: number): Line {
  // The name and parameters end at the first colon outside a quoted parameter value.
  let inQuotes = false;
  let colon = -1;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '"') inQuotes = !inQuotes;
    else if (raw[i] === ':' && !inQuotes) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) throw new VCardError(VCARD_MESSAGES.line(lineNumber));
  const head = raw.slice(0, colon);
  let value = raw.slice(colon + 1);
  const parts = splitUnescaped(head, ';');
  // `item1.EMAIL` (Apple) or `home.TEL`: the group prefix does not change the property.
  const dot = parts[0].indexOf('.');
  const group = dot < 0 ? '' : parts[0].slice(0, dot).toLowerCase();
  const name = parts[0].slice(dot + 1).toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) throw new VCardError(VCARD_MESSAGES.line(lineNumber));
  const params: Record<string, string[]> = {};
  let count = 0;
  for (let k = 1; k < parts.length; k++) {
    const p = parts[k];
    const eq = p.indexOf('=');
    // vCard 3.0 allows a bare type: `TEL;WORK;VOICE:…`.
    const key = (eq < 0 ? 'TYPE' : p.slice(0, eq)).toUpperCase();
    const list = (params[key] ??= []);
    // Appended in place: copying the list at each repetition made `X-A;P=1;P=1;…` quadratic.
    for (const v of (eq < 0 ? p : p.slice(eq + 1)).split(',')) {
      // No real card has this many parameter values on a line: a hostile one is refused early.
      if (++count > VCARD_BOUNDS.paramValues) throw new VCardError(VCARD_MESSAGES.line(lineNumber));
      list.push(v.replace(/^"|"$/g, '').toLowerCase());
    }
  }
  if (params.ENCODING?.includes('quoted-printable')) value = decodeQuotedPrintable(value);
  return { group, name, params, value };
}

function isPreferred(l: Line): boolean {
  return !!(l.params.TYPE?.includes('pref') || l.params.PREF?.includes('1'));
}

/** The preferred line first, the others in the order of the card. */
function byPreference(lines: Line[]): Line[] {
  return [...lines.filter(isPreferred), ...lines.filter((l) => !isPreferred(l))];
}

function birthdayOf(value: string): string {
  const v = value.trim();
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(v);
  if (!m) return '';
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(iso + 'T00:00:00Z');
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? '' : iso;
}

/**
 * The first of `known` among a line's types (3.0 `TYPE=CELL,VOICE`, 4.0 `TYPE="voice,cell"`), else
 * its Apple label (`item1.X-ABLabel:_$!<Mobile>!$_`, or a label of the user's), else `fallback`.
 */
function typeOf<T extends string>(l: Line, known: Record<string, T>, fallback: T, labels: Map<string, string>): T {
  for (const t of l.params.TYPE ?? []) if (known[t]) return known[t];
  const label = /^_\$!<(.+)>!\$_$/.exec(labels.get(l.group) ?? '')?.[1]?.toLowerCase();
  return (label && known[label]) || fallback;
}

const PHONE_TYPES: Record<string, VCardPhoneType> = { cell: 'cell', mobile: 'cell', iphone: 'cell', fax: 'fax', home: 'home', work: 'work' };
const PLACE_TYPES: Record<string, 'home' | 'work'> = { home: 'home', work: 'work' };
const PHOTO_MIMES: Record<string, NonNullable<VCardContact['photo']>['mime']> = { jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** PHOTO inline (3.0 `ENCODING=b;TYPE=JPEG`, 4.0 `data:image/jpeg;base64,`) or by https address. */
function photoOf(l: Line | undefined): { photo: VCardContact['photo']; avatar: string } {
  const none = { photo: null, avatar: '' };
  if (!l) return none;
  const value = l.value.trim();
  const data = /^data:image\/(jpeg|jpg|png|gif);base64,/i.exec(value);
  if (data) return { photo: { mime: PHOTO_MIMES[data[1]!.toLowerCase()]!, base64: value.slice(data[0].length) }, avatar: '' };
  if (l.params.ENCODING?.some((e) => e === 'b' || e === 'base64')) {
    const mime = PHOTO_MIMES[(l.params.TYPE ?? []).find((t) => PHOTO_MIMES[t]) ?? 'jpeg']!;
    return { photo: { mime, base64: value.replace(/\s/g, '') }, avatar: '' };
  }
  return /^https:\/\//i.test(value) ? { photo: null, avatar: value } : none;
}

function cardFrom(lines: Line[]): VCardContact {
  const byName = (n: string) => lines.filter((l) => l.name === n);
  const single = (n: string) => {
    const l = byName(n)[0];
    return l ? unescapeValue(l.value).trim() : '';
  };
  const parts = (l: Line) => splitUnescaped(l.value, ';').map((x) => unescapeValue(x).trim());
  const labels = new Map(byName('X-ABLABEL').filter((l) => l.group).map((l) => [l.group, l.value.trim()]));
  const nLine = byName('N')[0];
  let lastName = '';
  let name = '';
  let prefix = '';
  if (nLine) {
    const [family = '', given = '', additional = '', honorific = ''] = parts(nLine);
    lastName = family;
    name = [given, additional].filter(Boolean).join(' ');
    prefix = honorific;
  }
  // vCard 4.0 makes N optional: the formatted name, as written, is then the contact's name.
  const fn = single('FN');
  if (!name && !lastName) {
    // No structured name (some exports of companies): the formatted name stands as the first name.
    name = fn;
  } else if (!name) {
    // A single name (a laboratory, a pharmacy): it is the contact's name.
    name = lastName;
    lastName = '';
  }
  const adr = byPreference(byName('ADR'))[0];
  const [pobox = '', ext = '', street = '', city = '', region = '', postalCode = '', country = ''] = adr ? parts(adr) : [];
  const streetLines = [pobox, ext, street].filter(Boolean).join(', ');
  const org = byName('ORG')[0];
  const emails = byPreference(byName('EMAIL'))
    .map((l) => ({ value: unescapeValue(l.value).replace(/^mailto:/i, '').trim(), type: typeOf<VCardEmailType>(l, PLACE_TYPES, 'other', labels) }))
    .filter((e) => e.value);
  const phones = byPreference(byName('TEL'))
    .map((l) => ({ value: unescapeValue(l.value).replace(/^tel:/i, '').trim(), type: typeOf(l, PHONE_TYPES, 'other', labels) }))
    .filter((p) => p.value);
  return {
    prefix,
    name,
    lastName,
    nickname: single('NICKNAME').split(',')[0]?.trim() ?? '',
    company: org ? unescapeValue(splitUnescaped(org.value, ';')[0]).trim() : '',
    jobTitle: single('TITLE') || single('ROLE'),
    email: emails[0]?.value ?? '',
    phone: phones[0]?.value ?? '',
    emails,
    phones,
    address: [streetLines, [postalCode, city].filter(Boolean).join(' '), region, country].filter(Boolean).join(', '),
    // A street part alone is an address on one line (ours, written so): no parts then.
    street: city || postalCode || region || country ? streetLines : '',
    postalCode,
    city,
    region,
    country,
    addressType: adr ? typeOf<VCardAddressType>(adr, PLACE_TYPES, 'other', labels) : 'work',
    url: single('URL'),
    ...photoOf(byName('PHOTO')[0]),
    birthday: birthdayOf(single('BDAY')),
    notes: single('NOTE'),
    profession: single('X-WELLBE-PROFESSION'),
    rpps: single('X-WELLBE-RPPS'),
  };
}

/** Parses every card of a .vcf text; throws a VCardError with a French message when malformed. */
export function parseVCards(text: string, maxCards = 5000): VCardContact[] {
  const cards: VCardContact[] = [];
  let current: Line[] | null = null;
  let version = '';
  const lines = unfold(text);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (!raw.trim()) continue;
    const upper = raw.trim().toUpperCase();
    if (upper === 'BEGIN:VCARD') {
      if (current) throw new VCardError(VCARD_MESSAGES.unbalanced);
      current = [];
      version = '';
      continue;
    }
    if (upper === 'END:VCARD') {
      if (!current) throw new VCardError(VCARD_MESSAGES.line(i + 1));
      if (version !== '3.0' && version !== '4.0') throw new VCardError(VCARD_MESSAGES.version(version || '?'));
      cards.push(cardFrom(current));
      if (cards.length > maxCards) throw new VCardError(VCARD_MESSAGES.tooMany(maxCards));
      current = null;
      continue;
    }
    if (!current) throw new VCardError(VCARD_MESSAGES.line(i + 1));
    const line = parseLine(raw, i + 1);
    if (line.name === 'VERSION') version = line.value.trim();
    else if (current.push(line) > VCARD_BOUNDS.properties) throw new VCardError(VCARD_MESSAGES.tooLong(i + 1));
  }
  if (current) throw new VCardError(VCARD_MESSAGES.unbalanced);
  if (!cards.length) throw new VCardError(VCARD_MESSAGES.empty);
  return cards;
}

/** RFC 6350 §3.2: lines of at most 75 octets, continued with CRLF and a space; never inside a UTF-8 character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = utf8Size(ch);
    const limit = out.length ? 74 : 75;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const PHONE_OUT: Record<VCardPhoneType, string> = { cell: 'CELL,VOICE', work: 'WORK,VOICE', home: 'HOME,VOICE', fax: 'FAX', other: 'VOICE' };
const EMAIL_OUT: Record<VCardEmailType, string> = { work: 'INTERNET,WORK', home: 'INTERNET,HOME', other: 'INTERNET' };
const ADR_OUT: Record<VCardAddressType, string> = { work: 'WORK', home: 'HOME', other: 'POSTAL' };
const PHOTO_OUT: Record<NonNullable<VCardContact['photo']>['mime'], string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/gif': 'GIF' };

/** A contact to write: what the address book stores (older rows may lack the lists and parts). */
export type VCardOut = Pick<VCardContact, 'name' | 'lastName' | 'nickname' | 'company' | 'jobTitle' | 'email' | 'phone' | 'address' | 'birthday' | 'notes' | 'profession' | 'rpps'> &
  Partial<Omit<VCardContact, 'name' | 'lastName' | 'nickname' | 'company' | 'jobTitle' | 'email' | 'phone' | 'address' | 'birthday' | 'notes' | 'profession' | 'rpps'>>;

/** One vCard 3.0 per contact (the version Apple Contacts and Google Contacts both import). */
export function writeVCards(contacts: VCardOut[]): string {
  const out: string[] = [];
  for (const c of contacts) {
    const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
    const fn = [c.prefix, c.name, c.lastName].filter(Boolean).join(' ') || c.company;
    lines.push(`FN:${escapeValue(fn)}`);
    lines.push(`N:${escapeValue(c.lastName)};${escapeValue(c.name)};;${escapeValue(c.prefix ?? '')};`);
    if (c.nickname) lines.push(`NICKNAME:${escapeValue(c.nickname)}`);
    if (c.company) lines.push(`ORG:${escapeValue(c.company)}`);
    if (c.jobTitle) lines.push(`TITLE:${escapeValue(c.jobTitle)}`);
    // The first of each list is the preferred one (TYPE=pref, as Apple and Google write it).
    const emails = c.emails?.length ? c.emails : c.email ? [{ value: c.email, type: 'work' as const }] : [];
    emails.forEach((e, i) => lines.push(`EMAIL;TYPE=${EMAIL_OUT[e.type]}${i ? '' : ',pref'}:${escapeValue(e.value)}`));
    const phones = c.phones?.length ? c.phones : c.phone ? [{ value: c.phone, type: 'work' as const }] : [];
    phones.forEach((p, i) => lines.push(`TEL;TYPE=${PHONE_OUT[p.type]}${i ? '' : ',pref'}:${escapeValue(p.value)}`));
    if (c.street || c.postalCode || c.city || c.region || c.country) {
      const adr = [c.street, c.city, c.region, c.postalCode, c.country].map((v) => escapeValue(v ?? ''));
      lines.push(`ADR;TYPE=${ADR_OUT[c.addressType ?? 'work']}:;;${adr.join(';')}`);
    } else if (c.address) {
      // An address typed on one line: in the street part, so that it reads back unchanged.
      lines.push(`ADR;TYPE=${ADR_OUT[c.addressType ?? 'work']}:;;${escapeValue(c.address)};;;;`);
    }
    if (c.url) lines.push(`URL:${escapeValue(c.url)}`);
    if (c.photo) lines.push(`PHOTO;ENCODING=b;TYPE=${PHOTO_OUT[c.photo.mime]}:${c.photo.base64}`);
    else if (c.avatar) lines.push(`PHOTO;VALUE=uri:${c.avatar}`);
    if (c.birthday) lines.push(`BDAY:${c.birthday}`);
    if (c.notes) lines.push(`NOTE:${escapeValue(c.notes)}`);
    if (c.profession) lines.push(`X-WELLBE-PROFESSION:${escapeValue(c.profession)}`);
    if (c.rpps) lines.push(`X-WELLBE-RPPS:${escapeValue(c.rpps)}`);
    lines.push('END:VCARD');
    out.push(...lines.map(fold));
  }
  return out.join('\r\n') + '\r\n';
}
