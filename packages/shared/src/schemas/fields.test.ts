/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedText, FIELD_MESSAGES, idParams, intId, intIdQuery, isIsoInstant, isoDayOrInstantField, PG_INT_MAX, PG_INT_MIN, pgInt, pgIntQuery, textField, uuidId } from './fields.ts';
import { PATIENT_MESSAGES, patientCreateSchema } from './patients.ts';

const message = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('id and integer fields', () => {
  it('bounds an integer to the PostgreSQL integer column, with a French message naming the range', () => {
    expect(pgInt().safeParse(PG_INT_MAX).success).toBe(true);
    expect(pgInt().safeParse(PG_INT_MIN).success).toBe(true);
    expect(message(pgInt().safeParse(2 ** 31))).toBe('La valeur doit être comprise entre -2 147 483 648 et 2 147 483 647.');
    expect(pgInt().safeParse(-(2 ** 31) - 1).success).toBe(false);
    expect(message(pgInt().safeParse(1.5))).toBe(FIELD_MESSAGES.integer);
    expect(message(pgInt({ min: 1, max: 10 }).safeParse(11))).toBe('La valeur doit être comprise entre 1 et 10.');
    // A wider range asked by a caller is still cut to the column's.
    expect(pgInt({ max: Number.MAX_SAFE_INTEGER }).safeParse(2 ** 31).success).toBe(false);
    expect(message(pgInt({ min: 0, max: 5, message: 'Note de 0 à 5.' }).safeParse(6))).toBe('Note de 0 à 5.');
  });

  it('reads query-string integers as text, with the same bounds', () => {
    expect(pgIntQuery({ min: 1 }).parse('42')).toBe(42);
    expect(pgIntQuery().safeParse('2147483648').success).toBe(false);
    expect(pgIntQuery().safeParse('abc').success).toBe(false);
    expect(intIdQuery().parse('7')).toBe(7);
    expect(message(intIdQuery().safeParse('2147483648'))).toBe(FIELD_MESSAGES.idInvalid);
    expect(intIdQuery().safeParse('0').success).toBe(false);
  });

  it('takes a reference id as a positive integer that fits the column, a record id as a uuid', () => {
    expect(intId().parse(1)).toBe(1);
    expect(message(intId().safeParse(2 ** 31))).toBe(FIELD_MESSAGES.idInvalid);
    expect(intId('Catégorie introuvable.').safeParse(0).error?.issues[0]?.message).toBe('Catégorie introuvable.');
    expect(uuidId().safeParse('6f1c2a9e-3b1d-4c5e-9f2a-1b2c3d4e5f60').success).toBe(true);
    expect(message(uuidId().safeParse('abc'))).toBe(FIELD_MESSAGES.idInvalid);
    expect(idParams.safeParse({ id: 'abc' }).success).toBe(false);
  });
});

describe('days and instants', () => {
  it('takes an instant whose day exists and whose hour is one of the day’s, with or without seconds and offset', () => {
    for (const ok of ['2026-02-28T10:00', '2026-02-28T23:59:59Z', '2024-02-29T10:00:00.123+01:00', '2026-02-28T10:00:00-0530']) expect(isIsoInstant(ok), ok).toBe(true);
    // 31 February and 29 February of a common year (Date.parse reads them as days of March); 24:00
    // (Date.parse reads it as the next day's midnight); no time, an hour alone, a text after it.
    for (const bad of ['2026-02-31T10:00', '2026-02-29T10:00:00Z', '2026-02-28T24:00', '2026-02-28T10:60', '2026-02-28', '2026-02-28T10', '2026-02-28T10:00 GMT', '2026-02-28T10:00:00+24:00'])
      expect(isIsoInstant(bad), bad).toBe(false);
  });

  it('refuses a day or instant that does not exist, or a very long text, quickly and with the field’s message', () => {
    const field = isoDayOrInstantField('Date invalide.');
    expect(field.safeParse('2026-02-28').success).toBe(true);
    expect(field.safeParse('2026-02-28T10:00:00Z').success).toBe(true);
    for (const bad of ['2026-02-31', '2026-02-31T10:00', '2026-02-28T24:00', '2026-02-28T', '2026-02-28Tfoo']) expect(message(field.safeParse(bad)), bad).toBe('Date invalide.');
    const started = Date.now();
    for (const long of [`2026-02-28T${'1'.repeat(100_000)}`, `2026-02-28T10:00:00${'0'.repeat(100_000)}`, '2'.repeat(100_000)]) expect(message(field.safeParse(long))).toBe('Date invalide.');
    expect(Date.now() - started).toBeLessThan(100);
  });
});

// The class rule, checked over every schema the API and the web share: an integer field is bounded
// to a PostgreSQL `integer`, so a new schema with a bare `z.number().int()` fails here, not in
// production with a 22003 from the driver.
describe('every integer of the shared schemas fits an integer column', () => {
  const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
  // The WebSocket's replay position is a bigserial event id (lib/realtime), not an integer column.
  const BIGINT_FIELDS = new Set(['realtime.ts:since']);

  function integersOf(schema: unknown, path: string, out: { path: string; minimum?: number; maximum?: number }[]) {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as Record<string, unknown>;
    if (s.type === 'integer') out.push({ path, minimum: s.minimum as number | undefined, maximum: s.maximum as number | undefined });
    for (const [key, value] of Object.entries(s)) {
      if (key === 'properties') continue;
      if (Array.isArray(value)) value.forEach((v, i) => integersOf(v, `${path}.${key}[${i}]`, out));
      else if (value && typeof value === 'object') integersOf(value, `${path}.${key}`, out);
    }
    if (s.properties && typeof s.properties === 'object') {
      for (const [name, value] of Object.entries(s.properties as object)) integersOf(value, `${path}.${name}`, out);
    }
  }

  it('has no integer field beyond 2^31 − 1', () => {
    const found: { path: string; minimum?: number; maximum?: number }[] = [];
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!(value instanceof z.ZodType)) continue;
        let json: unknown;
        try {
          json = z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' });
        } catch {
          continue; // transforms with no JSON form: their inner fields are exported on their own
        }
        integersOf(json, `${file.slice(2)}:${name}`, found);
      }
    }
    expect(found.length).toBeGreaterThan(20);
    const unbounded = found.filter((f) => ![...BIGINT_FIELDS].some((b) => f.path.startsWith(b.split(':')[0]) && f.path.endsWith(b.split(':')[1])) && (f.maximum === undefined || f.maximum > PG_INT_MAX || f.minimum === undefined || f.minimum < PG_INT_MIN));
    expect(unbounded.map((f) => f.path)).toEqual([]);
  });
});

describe('text fields say what is wrong with them', () => {
  it('names the field and its limit (textField), for the API and the forms alike', () => {
    const name = textField('Le nom du patient', 200);
    expect(message(name.safeParse('x'.repeat(5_014)))).toBe('Le nom du patient ne doit pas dépasser 200 caractères.');
    expect(message(name.safeParse('   '))).toBe('Le nom du patient est obligatoire.');
    expect(message(name.safeParse(undefined))).toBe('Le nom du patient est obligatoire.');
    expect(message(textField('Le titre', 20_000, { min: 3 }).safeParse('ab'))).toBe('Le titre doit contenir au moins 3 caractères.');
    expect(message(textField('Le titre', 20_000).safeParse('x'.repeat(20_001)))).toBe('Le titre ne doit pas dépasser 20 000 caractères.');
    expect(textField('La note', 10, { required: false }).parse('')).toBe('');
    expect(message(boundedText(40).safeParse('x'.repeat(41)))).toBe('Ce texte ne doit pas dépasser 40 caractères.');
  });

  it('keeps the SPEC §5 message of a missing patient name and says the limit of a too-long one', () => {
    expect(message(patientCreateSchema.safeParse({ FullName: '', PhoneNumber: '06 12 34 56 78', Email: 'a@b.fr' }))).toBe(PATIENT_MESSAGES.nameRequired);
    expect(message(patientCreateSchema.safeParse({ FullName: 'x'.repeat(5_014), PhoneNumber: '06 12 34 56 78', Email: 'a@b.fr' }))).toBe('Le nom du patient ne doit pas dépasser 200 caractères.');
  });

  // The class rule: a text field one character past its limit is never told it is missing, nor
  // only "too long" without the limit (a format field may answer that its format is invalid).
  it('no shared text field answers a too-long value with "obligatoire" or without its limit', () => {
    const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
    const wrong: string[] = [];
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!(value instanceof z.ZodObject)) continue;
        let json: { properties?: Record<string, { type?: string; maxLength?: number; format?: string; anyOf?: { type?: string; maxLength?: number }[] }> };
        try {
          json = z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }) as typeof json;
        } catch {
          continue;
        }
        for (const [key, prop] of Object.entries(json.properties ?? {})) {
          const text = prop.anyOf?.find((p) => p.type === 'string') ?? prop;
          if (text.type !== 'string' || text.maxLength === undefined) continue;
          const issue = value.safeParse({ [key]: 'x'.repeat(text.maxLength + 1) }).error?.issues.find((i) => i.path[0] === key);
          if (!issue) continue;
          if (/obligatoire/.test(issue.message) || !/\d|invalide/.test(issue.message)) wrong.push(`${file.slice(2)}:${name}.${key}: ${issue.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
