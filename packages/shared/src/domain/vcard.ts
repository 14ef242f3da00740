// vCard 3.0 (RFC 2426) and 4.0 (RFC 6350), the subset an address book of correspondents needs:
// FN, N, NICKNAME, ORG, TITLE, EMAIL, TEL, ADR, BDAY, NOTE and two X- properties of our own
// (profession, RPPS) so that an export imports back to the same contacts. Written here rather than
// taken from npm: the maintained parsers either need Node 22 or pull a DOM/XML stack, and the
// subset is small. Both sides of the wire (browser preview, server import) use this one parser.

export interface VCardContact {
  name: string;
  lastName: string;
  nickname: string;
  company: string;
  jobTitle: string;
  email: string;
  phone: string;
  address: string;
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

function unescapeValue(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
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
  const name = parts[0].replace(/^[^.]*\./, '').toUpperCase();
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
  return { name, params, value };
}

function preferred(lines: Line[]): Line | undefined {
  return lines.find((l) => l.params.TYPE?.includes('pref') || l.params.PREF?.includes('1')) ?? lines[0];
}

function birthdayOf(value: string): string {
  const v = value.trim();
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(v);
  if (!m) return '';
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(iso + 'T00:00:00Z');
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? '' : iso;
}

function cardFrom(lines: Line[]): VCardContact {
  const byName = (n: string) => lines.filter((l) => l.name === n);
  const single = (n: string) => {
    const l = byName(n)[0];
    return l ? unescapeValue(l.value).trim() : '';
  };
  const nLine = byName('N')[0];
  let lastName = '';
  let name = '';
  if (nLine) {
    const [family = '', given = '', additional = ''] = splitUnescaped(nLine.value, ';').map((s) => unescapeValue(s).trim());
    lastName = family;
    name = [given, additional].filter(Boolean).join(' ');
  }
  const fn = single('FN');
  if (!name && !lastName) {
    // No structured name (some exports of companies): the formatted name stands as the first name.
    name = fn;
  } else if (!name) {
    // A single name (a laboratory, a pharmacy): it is the contact's name.
    name = lastName;
    lastName = '';
  }
  const adr = preferred(byName('ADR'));
  let address = '';
  if (adr) {
    const [pobox = '', ext = '', street = '', locality = '', region = '', code = '', country = ''] = splitUnescaped(adr.value, ';').map((s) => unescapeValue(s).trim());
    address = [pobox, ext, street, [code, locality].filter(Boolean).join(' '), region, country].filter(Boolean).join(', ');
  }
  const org = byName('ORG')[0];
  const tel = preferred(byName('TEL'));
  const email = preferred(byName('EMAIL'));
  return {
    name,
    lastName,
    nickname: single('NICKNAME').split(',')[0]?.trim() ?? '',
    company: org ? unescapeValue(splitUnescaped(org.value, ';')[0]).trim() : '',
    jobTitle: single('TITLE') || single('ROLE'),
    email: email ? unescapeValue(email.value).replace(/^mailto:/i, '').trim() : '',
    phone: tel ? unescapeValue(tel.value).replace(/^tel:/i, '').trim() : '',
    address,
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

/** One vCard 3.0 per contact (the version Apple Contacts and Google Contacts both import). */
export function writeVCards(contacts: VCardContact[]): string {
  const out: string[] = [];
  for (const c of contacts) {
    const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
    const fn = [c.name, c.lastName].filter(Boolean).join(' ') || c.company;
    lines.push(`FN:${escapeValue(fn)}`);
    lines.push(`N:${escapeValue(c.lastName)};${escapeValue(c.name)};;;`);
    if (c.nickname) lines.push(`NICKNAME:${escapeValue(c.nickname)}`);
    if (c.company) lines.push(`ORG:${escapeValue(c.company)}`);
    if (c.jobTitle) lines.push(`TITLE:${escapeValue(c.jobTitle)}`);
    if (c.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeValue(c.email)}`);
    if (c.phone) lines.push(`TEL;TYPE=WORK,VOICE:${escapeValue(c.phone)}`);
    // The address is kept as one line: in the street part, so that it reads back unchanged.
    if (c.address) lines.push(`ADR;TYPE=WORK:;;${escapeValue(c.address)};;;;`);
    if (c.birthday) lines.push(`BDAY:${c.birthday}`);
    if (c.notes) lines.push(`NOTE:${escapeValue(c.notes)}`);
    if (c.profession) lines.push(`X-WELLBE-PROFESSION:${escapeValue(c.profession)}`);
    if (c.rpps) lines.push(`X-WELLBE-RPPS:${escapeValue(c.rpps)}`);
    lines.push('END:VCARD');
    out.push(...lines.map(fold));
  }
  return out.join('\r\n') + '\r\n';
}
