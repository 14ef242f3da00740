import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@wellbe/shared/constants';
import { frenchMessageKey } from '../lib/server-messages.ts';

// The server namespace holds every French message of packages/shared and of the server (their
// `*_MESSAGES` objects), to the letter, with its translations: lib/api.ts shows a refusal in the
// reader's language through it. A message added to one of those objects fails here until its line
// is in the four server.json; one removed fails here until its line goes.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const bundles = import.meta.glob<Record<string, unknown>>('./*/server.json', { eager: true, import: 'default' });
const sharedModules = import.meta.glob<Record<string, unknown>>(['../../../../packages/shared/src/**/*.ts', '!**/*.test.ts'], { eager: true });

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value as Record<string, unknown>, key)) out.set(k, v);
    else out.set(key, String(value));
  }
  return out;
}

const bundle = (lang: string) => flatten(bundles[`./${lang}/server.json`]!);
const french = bundle('fr');

/** AGENDA_MESSAGES → agenda, CLINICAL_DOCUMENT_MESSAGES → clinicalDocument. */
const objectKey = (name: string) => name.replace(/_MESSAGES$/, '').toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

type Member = string | ((...args: never[]) => string);

/** Every member of every `*_MESSAGES` object of packages/shared, by `<object>.<member>`. */
function sharedMembers(): Map<string, Member> {
  const members = new Map<string, Member>();
  for (const module of Object.values(sharedModules)) {
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('_MESSAGES') || !value || typeof value !== 'object') continue;
      for (const [member, text] of Object.entries(value)) members.set(`${objectKey(name)}.${member}`, text as Member);
    }
  }
  return members;
}

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path.join(dir, e.name)] : []));
const serverFiles = walk(path.join(ROOT, 'apps/server/src'));

/**
 * Every member of the server's `export const *_MESSAGES = {...}` objects, read from their source:
 * the server's modules (database, files) are not for the browser's test environment. Each member
 * must be a plain string there; anything else is reported as such.
 */
function serverMembers(): Map<string, string> {
  const members = new Map<string, string>();
  for (const file of serverFiles) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/^export const \w+_MESSAGES\b/m.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(source);
        if (!name.endsWith('_MESSAGES')) continue;
        let literal = declaration.initializer;
        while (literal && (ts.isAsExpression(literal) || ts.isSatisfiesExpression(literal))) literal = literal.expression;
        if (!literal || !ts.isObjectLiteralExpression(literal)) throw new Error(`${file}: ${name} is not an object literal`);
        for (const property of literal.properties) {
          const key = `${objectKey(name)}.${property.name?.getText(source)}`;
          const value = ts.isPropertyAssignment(property) ? property.initializer : undefined;
          if (!value || !(ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))) throw new Error(`${file}: ${key} is not a plain string: import it, or check its text by hand`);
          members.set(key, value.text);
        }
      }
    }
  }
  return members;
}

const members = new Map<string, Member>([...sharedMembers(), ...serverMembers()]);

// The error helpers of apps/server/src/lib/errors.ts (and access/not-found.ts), with the position
// of their message among the arguments.
const MESSAGE_ARGUMENT: Record<string, number> = { badRequest: 0, unauthorized: 0, forbidden: 0, notFound: 0, conflict: 0, hidden: 0, tooMany: 1, AppError: 2 };
// Messages written where they are thrown on purpose, by file and code: the wait of a throttled
// request says its delay in French words (lib/throttle.ts frenchDelay; the usual 15 minutes is
// ERROR_MESSAGES.tooManyAttempts), and a deactivated organisation's refusal carries the reason its
// administrator wrote.
const BUILT_IN_PLACE = ['lib/throttle.ts too_many_attempts', 'modules/auth/auth.service.ts organisation_inactive'];

/** The calls of an error helper whose message is written in place (a string, or a template), as `file code`. */
function literalRefusals(): string[] {
  const found: string[] = [];
  const hasText = (node: ts.Node): boolean =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || (!ts.isCallExpression(node) && ts.forEachChild(node, (child) => hasText(child) || undefined) === true);
  const helper = new RegExp(`\\b(${Object.keys(MESSAGE_ARGUMENT).join('|')})\\(`);
  for (const file of serverFiles) {
    const text = fs.readFileSync(file, 'utf8');
    if (!helper.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text in MESSAGE_ARGUMENT) {
        const args = node.arguments ?? [];
        const at = MESSAGE_ARGUMENT[node.expression.text]!;
        if (args[at] && hasText(args[at])) {
          const code = args.find((a, i) => i !== at && ts.isStringLiteral(a));
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          found.push(`${path.relative(path.join(ROOT, 'apps/server/src'), file)} ${code && ts.isStringLiteral(code) ? code.text : `(line ${line})`}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

// Messages built from a value whose text cannot be a template: their value is itself French (a
// field's label with its article, "Le nom du patient"), or their text holds `{{field}}`, the
// interpolation of i18next itself. The reader gets them in French.
const LEFT_FRENCH = ['clinicalDocument.unknownField', 'consultation.richTooLong', 'consultation.plainTooLong', 'field.required', 'field.tooLong', 'field.tooShort'];

// One call of each message built from values, with what the template must find in it.
const SAMPLES: Record<string, { args: unknown[]; values: Record<string, unknown> }> = {
  'vcard.version': { args: ['2.1'], values: { version: '2.1' } },
  'vcard.line': { args: [12], values: { line: 12 } },
  'vcard.tooLong': { args: [7], values: { line: 7 } },
  'vcard.tooMany': { args: [2000], values: { max: 2000 } },
  'contact.tooLong': { args: [120], values: { max: 120 } },
  'contact.tooManyItems': { args: [10], values: { max: 10 } },
  'contact.photoInvalid': { args: ['Jeanne Martin'], values: { who: 'Jeanne Martin' } },
  'contact.vcardInvalid': { args: ['Jeanne : Adresse e-mail invalide.'], values: { detail: 'Jeanne : Adresse e-mail invalide.' } },
  'field.between': { args: [-2147483648, 2147483647], values: { min: -2147483648, max: 2147483647 } },
  'field.textTooLong': { args: [20000], values: { max: 20000 } },
  'document.tooLargeFor': { args: [10_000_000], values: { max: 10_000_000 } },
  'questionnaire.min': { args: [7, 'kg'], values: { value: '7 kg' } },
  'questionnaire.max': { args: [12, ''], values: { value: '12' } },
  'questionnaire.text': { args: [4000], values: { max: 4000 } },
  'questionnaire.answer': { args: ['Poids', 'Saisissez un nombre.'], values: { label: 'Poids', message: 'Saisissez un nombre.' } },
};

describe('the server namespace (server refusals in the reader’s language)', () => {
  it('finds the message objects of packages/shared and of the server', () => {
    const objects = new Set([...members.keys()].map((k) => k.split('.')[0]));
    expect(objects.size).toBeGreaterThan(35);
    expect([...objects]).toEqual(expect.arrayContaining(['agenda', 'invoice', 'error', 'user', 'mfa', 'link']));
  });

  it('finds no server refusal written in place: its message belongs in a `*_MESSAGES` object, where this test sees it', () => {
    const calls = literalRefusals();
    expect(calls.filter((call) => !BUILT_IN_PLACE.includes(call))).toEqual([]);
    expect(BUILT_IN_PLACE.filter((call) => !calls.includes(call)), 'BUILT_IN_PLACE names a call that is gone').toEqual([]);
  });

  it('holds every French message to the letter, and nothing else', () => {
    const problems: string[] = [];
    for (const [key, member] of members) {
      if (typeof member === 'string') {
        if (french.get(key) !== member) problems.push(`fr/server.json ${key}: expected ${JSON.stringify(member)}, found ${JSON.stringify(french.get(key))}`);
      } else if (!LEFT_FRENCH.includes(key) && !(key in SAMPLES)) problems.push(`${key} is built from values: give it a template (and a sample here) or list it in LEFT_FRENCH`);
    }
    for (const key of french.keys()) if (!members.has(key)) problems.push(`fr/server.json ${key}: no such message any more`);
    for (const key of LEFT_FRENCH) if (typeof members.get(key) !== 'function' || french.has(key)) problems.push(`LEFT_FRENCH ${key}: not a message built from values without a template`);
    expect(problems).toEqual([]);
  });

  it('finds each message built from values again in its template, with its values', () => {
    const sameNumber = (text: string) => text.replace(/(\d)[ \u00a0\u202f](?=\d{3})/g, '$1');
    for (const [key, { args, values }] of Object.entries(SAMPLES)) {
      const message = (members.get(key) as (...a: unknown[]) => string)(...args);
      const found = frenchMessageKey(message);
      expect(found, `${key}: ${message}`).toBeDefined();
      // The same French template may stand under two keys (a text's limit): either is right.
      expect(french.get(found!.key), key).toBe(french.get(key));
      expect(found!.values, key).toEqual(values);
      const rebuilt = french.get(key)!.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(found!.values[name]));
      expect(sameNumber(rebuilt), key).toBe(sameNumber(message));
    }
  });

  it('gives one French text under two keys the same translation (the first key is the one read)', () => {
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      const texts = bundle(lang);
      const first = new Map<string, string>();
      for (const [key, text] of french) {
        const seen = first.get(text);
        if (seen === undefined) first.set(text, key);
        else if (texts.get(seen) !== texts.get(key)) problems.push(`${lang}: ${key} differs from ${seen}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps in each translation the numbers of the French and the `{name}` the server fills', () => {
    // A limit said in the text (4 000 caractères) must be the same in every language. One and two
    // may be written as words (Arabic's singular and dual).
    const numbers = (text: string) => (text.replace(/(\d)[\s,.](?=\d{3}\b)/g, '$1').match(/\d+/g) ?? []).filter((n) => n !== '1' && n !== '2').sort();
    const filled = (text: string) => (text.match(/(?<!{){\w+}(?!})/g) ?? []).sort();
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      for (const [key, text] of bundle(lang)) {
        const fr = french.get(key)!;
        if (numbers(text).join() !== numbers(fr).join()) problems.push(`${lang} ${key}: numbers ${numbers(text).join()} instead of ${numbers(fr).join()}`);
        if (filled(text).join() !== filled(fr).join()) problems.push(`${lang} ${key}: ${filled(text).join()} instead of ${filled(fr).join()}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
