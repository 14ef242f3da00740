import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '@wellbe/shared/schemas/contacts';
import { RICH_TEXT_TOO_DEEP } from '@wellbe/shared/domain/consultation';
import { RICH_TEXT_MAX } from '@wellbe/shared/schemas/consultations';
import { MAX_IMPORT_FILE_BYTES, parseCiqualXml } from '../src/modules/dietetics/foods.import.ts';
import { createTestApp, json, type Session, type TestApp } from './helpers.ts';

// No single request freezes the server: every parser of user input, fed a hostile input of the
// largest size it accepts, answers in a bounded time, and /api/health keeps answering meanwhile.
// The bounds are generous (a loaded 2-core CI machine); the defects they catch took minutes.

let t: TestApp;
let pr: Session;
let de: Session;

/** A health answer slower than this means the event loop was blocked. */
const HEALTH_BOUND_MS = 5_000;
/** The hostile request itself. */
const ANSWER_BOUND_MS = 20_000;

beforeAll(async () => {
  t = await createTestApp();
  [pr, de] = await Promise.all([t.login('pr'), t.login('de')]);
});
afterAll(() => t?.close());

/**
 * Sends the request while asking /api/health again and again; answers the request's answer, its
 * time, and the longest any health answer waited (a blocked event loop delays every one of them).
 */
async function whileProbingHealth(send: () => Promise<LightMyRequestResponse>) {
  let done = false;
  let worstHealth = 0;
  let healthAnswers = 0;
  const probe = (async () => {
    while (!done) {
      const asked = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      worstHealth = Math.max(worstHealth, performance.now() - asked);
      healthAnswers++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const res = await send();
  const elapsed = performance.now() - started;
  done = true;
  await probe;
  return { res, elapsed, worstHealth, healthAnswers };
}

/** `head`, then `unit` repeated, then `tail`: `bytes` UTF-8 bytes at most (ASCII units). */
function fill(head: string, unit: string, tail: string, bytes: number): string {
  return head + unit.repeat(Math.floor((bytes - head.length - tail.length) / unit.length)) + tail;
}

describe('vCard import at its largest accepted size (5 MB)', () => {
  const max = CONTACT_LIMITS.vcardBytes;
  const card = (body: string) => `BEGIN:VCARD\nVERSION:3.0\nFN:x\n${body}\nEND:VCARD\n`;
  const importing = (vcf: string) => () => t.app.inject({ method: 'POST', url: '/api/contacts/import', headers: pr.auth, payload: { vcf, dryRun: true } });

  const hostile: [string, string, number, RegExp][] = [
    // The case: one line repeating a parameter (each repetition copied the whole list).
    ['a parameter repeated on one line', fill('BEGIN:VCARD\nVERSION:3.0\nFN:x\nX-A', ';P=1', ':v\nEND:VCARD\n', max), 400, /ligne 4 illisible/],
    ['one parameter with a million values', fill('BEGIN:VCARD\nVERSION:3.0\nFN:x\nX-A;TYPE=', 'a,', 'a:v\nEND:VCARD\n', max), 400, /ligne 4 illisible/],
    ['a card of a million properties', fill('BEGIN:VCARD\nVERSION:3.0\nFN:x\n', 'NOTE:x\n', 'END:VCARD\n', max), 400, /plus de 500 propriétés/],
    ['cards beyond the limit', fill('', card('EMAIL:a@b.fr'), '', max), 400, /plus de 2000 fiches/],
    ['one folded line of 5 MB', card(fill('NOTE:', '\n xxxxxxxxx', '', max - 40)), 400, /ne peut pas dépasser 5000 caractères/],
    ['a quoted-printable value of 5 MB', card(fill('NOTE;ENCODING=QUOTED-PRINTABLE:', '=C3=A9', '', max - 40)), 400, /ne peut pas dépasser 5000 caractères/],
    ['a photo of 5 MB', card(fill('PHOTO;ENCODING=b;TYPE=JPEG:/9j/', 'AAAA', '', max - 40)), 400, /n’est pas une image JPEG ou PNG lisible de 2 Mo au plus/],
  ];

  for (const [what, vcf, status, message] of hostile) {
    it(`answers ${what} in a bounded time, /api/health answering meanwhile`, async () => {
      expect(Buffer.byteLength(vcf)).toBeLessThanOrEqual(max);
      expect(Buffer.byteLength(vcf)).toBeGreaterThan(max * 0.99);
      const { res, elapsed, worstHealth, healthAnswers } = await whileProbingHealth(importing(vcf));
      expect(res.statusCode).toBe(status);
      expect(json(res).error.message).toMatch(message);
      expect(elapsed).toBeLessThan(ANSWER_BOUND_MS);
      expect(healthAnswers).toBeGreaterThan(0);
      expect(worstHealth).toBeLessThan(HEALTH_BOUND_MS);
    });
  }

  it('still reads the largest address book it accepts: 2000 cards of 5 MB in all', async () => {
    const one = (i: number) => card(`N:Correspondant${i};Anne;;;\nEMAIL:c${i}@exemple.fr\nNOTE:${'n'.repeat(2300)}`);
    const vcf = Array.from({ length: CONTACT_LIMITS.vcardCards }, (_, i) => one(i)).join('');
    expect(Buffer.byteLength(vcf)).toBeLessThanOrEqual(max);
    const { res, elapsed, worstHealth } = await whileProbingHealth(importing(vcf));
    expect(res.statusCode).toBe(200);
    expect(json(res).data.rows).toHaveLength(CONTACT_LIMITS.vcardCards);
    expect(elapsed).toBeLessThan(ANSWER_BOUND_MS);
    expect(worstHealth).toBeLessThan(HEALTH_BOUND_MS);
  });
});

/** Markup that makes a naive parser rescan (unclosed '<', attributes, nesting, entities), `size` characters. */
const HOSTILE_HTML: [string, (size: number) => string][] = [
  ['unclosed tags', (size) => '<'.repeat(size)],
  ['nesting', (size) => '<b><i>'.repeat(Math.floor(size / 6))],
  ['attributes', (size) => fill('<p', ' a=1', '>', size)],
  ['an unclosed attribute', (size) => fill('<a href="', 'x', '', size)],
  ['entities', (size) => '&amp'.repeat(Math.floor(size / 4))],
];

describe('rich text at its largest accepted size', () => {
  it.each(HOSTILE_HTML)('answers a consultation whose three rich texts are hostile %s (50,000 characters each)', async (_what, html) => {
    const patient = json(await t.app.inject({ method: 'GET', url: '/api/patients?q=helene', headers: pr.auth })).data[0].idPatient;
    const id = randomUUID();
    const text = html(RICH_TEXT_MAX);
    expect(text.length).toBeLessThanOrEqual(RICH_TEXT_MAX);
    const { res, elapsed, worstHealth } = await whileProbingHealth(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/consultation',
        headers: pr.auth,
        payload: {
          action: 'createBySpeciality',
          idPatient: patient,
          Iduser: pr.id,
          idOrganization: pr.idOrganization,
          idJobSpecialist: 1,
          idConsultation: id,
          consultationCreate: { ConsultationNote: text, Diagnostic: text, HealthCareCategory: text, treatmentEfficacy: 'Non renseigné' },
        },
      }),
    );
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(elapsed).toBeLessThan(ANSWER_BOUND_MS);
    expect(worstHealth).toBeLessThan(HEALTH_BOUND_MS);
    // What was stored is read back (excerpt, plain text) just as fast.
    if (res.statusCode === 200) {
      const read = await whileProbingHealth(() => t.app.inject({ method: 'GET', url: `/api/consultations/${id}`, headers: pr.auth }));
      expect(read.res.statusCode).toBe(200);
      expect(read.worstHealth).toBeLessThan(HEALTH_BOUND_MS);
    }
  });

  it.each(HOSTILE_HTML)('answers an article whose body is hostile %s (500,000 characters)', async (what, html) => {
    const body = html(500_000);
    const { res, elapsed, worstHealth } = await whileProbingHealth(() =>
      t.app.inject({ method: 'POST', url: '/api/articles', headers: de.auth, payload: { title: `Article hostile ${what}`, category: 'prevention', audience: 'tous', body } }),
    );
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (what === 'nesting') expect(json(res).error.message).toBe(RICH_TEXT_TOO_DEEP);
    expect(elapsed).toBeLessThan(ANSWER_BOUND_MS);
    expect(worstHealth).toBeLessThan(HEALTH_BOUND_MS);
  });
});

describe('searches at their longest accepted query', () => {
  // Regular-expression and LIKE characters, ligatures, accents and many words, at each search's limit.
  const hostile = (max: number) => fill('', 'œ(.*%_\\[a ', '', max).slice(0, max);
  const searches: [string, string, number][] = [
    ['foods', '/api/dietetics/foods', 100],
    ['recipes', '/api/dietetics/recipes', 100],
    ['exercises', '/api/exercises', 100],
    ['patients', '/api/patients', 200],
    ['contacts', '/api/contacts', CONTACT_LIMITS.searchMax],
    ['notes', '/api/notes', 100],
    ['articles', '/api/articles', 100],
  ];
  it.each(searches)('%s', async (_what, url, max) => {
    const q = hostile(max);
    expect(q.length).toBe(max);
    const session = url.startsWith('/api/dietetics') || url === '/api/articles' ? de : pr;
    const { res, elapsed, worstHealth } = await whileProbingHealth(() => t.app.inject({ method: 'GET', url: `${url}?q=${encodeURIComponent(q)}`, headers: session.auth }));
    expect(res.statusCode, res.body).toBe(200);
    expect(elapsed).toBeLessThan(ANSWER_BOUND_MS);
    expect(worstHealth).toBeLessThan(HEALTH_BOUND_MS);
  });
});

describe('Ciqual XML import at its largest accepted file (50 MB)', () => {
  // A command run with the server stopped: no /api/health to watch, only the time and the answer.
  const max = MAX_IMPORT_FILE_BYTES;
  const files: [string, string, RegExp | number][] = [
    ['nested elements', fill('<TABLE>', '<a>', '</TABLE>', max), /élément a inattendu/],
    ['unclosed tags', fill('<TABLE><A><b>', '<', '</b></A></TABLE>', max), /mal formé/],
    ['a record of a million fields', fill('<TABLE><A>', '<f>x</f>', '</A></TABLE>', max), /plus de 32 champs/],
    ['millions of records', fill('<TABLE>', '<A><b>1</b></A>', '</TABLE>', max), /plus de 1000000 enregistrements/],
    ['entities', fill('<TABLE><A><b>', '&amp;', '</b></A></TABLE>', max), 1],
  ];
  it.each(files)('reads or refuses %s in a bounded time', (_what, xml, expected) => {
    const started = performance.now();
    const outcome = (() => {
      try {
        return parseCiqualXml(Buffer.from(xml), 'compo_2025.xml').length;
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(performance.now() - started).toBeLessThan(ANSWER_BOUND_MS);
    if (typeof expected === 'number') expect(outcome).toBe(expected);
    else expect(outcome).toMatch(expected);
  });
});
