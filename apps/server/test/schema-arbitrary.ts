import fc from 'fast-check';

// Inputs generated from the OpenAPI document's JSON Schemas (what zod published for each route):
// mostly values the schema accepts, so that calls reach the services and the database, mixed at
// every level with the bad inputs a client may send: wrong type, missing field, too long, outside
// the enum, not a uuid, an integer of 2^31, a NUL byte.

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
};

const INT32_OVER = 2 ** 31;
/** Generated arrays and strings stay small: the point is their shape, not the server's body limit. */
const MAX_ITEMS = 3;
const MAX_CHARS = 40;

/** Values of the wrong kind or out of every range, whatever the field. */
export const hostile = fc.constantFrom<unknown>(
  null,
  '',
  'abc',
  'x'.repeat(5_014),
  'a\u0000b',
  -1,
  0,
  1.5,
  INT32_OVER,
  -INT32_OVER - 1,
  Number.MAX_SAFE_INTEGER,
  true,
  [],
  {},
  ['abc'],
  { $gt: '' },
  '2147483648',
  '0000-13-45',
  '../../etc/passwd',
);

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? MAX_CHARS, Math.max(min, MAX_CHARS));
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  if (s.pattern) {
    // Only the patterns a generator can aim at cheaply; anything else gets plain text (then a 4xx).
    if (/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/.test(s.pattern)) return fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  return fc.string({ minLength: min, maxLength: max, unit: fc.constantFrom('a', 'é', ' ', 'Z', '1', '-', '<', '’', 'œ') });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  // The schema's own bounds, exactly: fast-check favours them, and a bound the schema allows but the
  // column does not (2^53 where PostgreSQL stops at 2^31 − 1) is what this test is for.
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.001) : -1_000_000);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.001) : 1_000_000);
  const [min, max] = [Math.max(lo, Number.MIN_SAFE_INTEGER), Math.min(hi, Number.MAX_SAFE_INTEGER)];
  if (min > max) return fc.constant(min);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (as far as a JSON Schema can say; refinements may still refuse it). */
export function validOf(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => validOf(c, depth)));
  if (s.allOf?.length) return objectOf(mergeAll(s.allOf), depth, validOf);
  const types = typesOf(s);
  if (!types.length) return fc.constantFrom<unknown>('abc', 1, true, null);
  return fc.oneof(...types.map((type) => validOfType(s, type, depth)));
}

function validOfType(s: JsonSchema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(validOf(s.items ?? {}, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS)) });
    case 'object':
      return objectOf(s, depth, validOf);
    default:
      return fc.constant(null);
  }
}

function mergeAll(parts: JsonSchema[]): JsonSchema {
  const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const part of parts) {
    const p = part.anyOf?.[0] ?? part.oneOf?.[0] ?? part;
    Object.assign(merged.properties!, p.properties ?? {});
    merged.required!.push(...(p.required ?? []));
  }
  return merged;
}

function objectOf(s: JsonSchema, depth: number, of: (s: JsonSchema, depth: number) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const required = new Set(s.required ?? []);
  if (depth > 5) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) model[key] = of(value, depth + 1);
  return fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
}

/**
 * A value that is mostly right and sometimes wrong, at any level: each field is valid, left out
 * (a missing required field), or replaced by a hostile value or by one just past its own limit.
 */
export function mixedOf(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: structuredOf(s, depth) }, { weight: 1, arbitrary: fc.oneof(hostile, pastLimitsOf(s)) });
}

function structuredOf(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined || s.enum) return validOf(s, depth);
  const choices = s.anyOf ?? s.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => structuredOf(c, depth)));
  const types = typesOf(s);
  if (s.allOf?.length) return mixedObjectOf(mergeAll(s.allOf), depth);
  if (types.includes('object')) return mixedObjectOf(s, depth);
  if (types.includes('array') && depth <= 4) return fc.array(mixedOf(s.items ?? {}, depth + 1), { maxLength: MAX_ITEMS });
  return validOf(s, depth);
}

function mixedObjectOf(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) model[key] = mixedOf(value, depth + 1);
  // Required keys are present most of the time; sometimes one is missing (and an unknown key comes along).
  const required = (s.required ?? []).filter((k) => k in properties);
  return fc.tuple(fc.record(model, { requiredKeys: required }), fc.nat({ max: required.length * 4 + 3 })).map(([value, drop]) => {
    const copy = { ...(value as Record<string, unknown>) };
    if (drop < required.length) delete copy[required[drop]];
    if (drop === required.length) copy.champInconnu = 'x';
    return copy;
  });
}

/** Just past the field's own limits: one character too many, one past the maximum, outside the enum, not a uuid. */
export function pastLimitsOf(s: JsonSchema): fc.Arbitrary<unknown> {
  const values: unknown[] = [];
  if (s.maxLength !== undefined) values.push('é'.repeat(s.maxLength + 1));
  if (s.minLength !== undefined && s.minLength > 0) values.push('é'.repeat(s.minLength - 1));
  if (s.maximum !== undefined) values.push(s.maximum + 1);
  if (s.minimum !== undefined) values.push(s.minimum - 1);
  if (s.enum) values.push('hors-liste');
  if (s.format === 'uuid') values.push('abc', '00000000-0000-0000-0000-00000000000g');
  if (s.maxItems !== undefined && s.maxItems < 200) values.push(new Array(s.maxItems + 1).fill(null));
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) values.push(INT32_OVER, -INT32_OVER - 1);
  return values.length ? fc.constantFrom(...values) : hostile;
}
