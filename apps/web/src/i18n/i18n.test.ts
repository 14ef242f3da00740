import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@wellbe/shared/constants';

// SPEC §1: fr, en, tr and ar bundles, complete. Fails when any key of any namespace is missing
// (or empty) in any language, or when a translation drops an interpolation variable.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value as Record<string, unknown>, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

// Plural keys (`count_one`, `count_other`...) follow each language's own plural rules (Arabic has
// six forms, French two): a language must have the forms it uses for the counts a screen shows.
const PLURAL = /_(zero|one|two|few|many|other)$/;
function pluralForms(lang: string): string[] {
  const rules = new Intl.PluralRules(lang);
  return [...new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)))];
}

const namespaces = [...new Set(Object.keys(files).map((f) => f.split('/')[2].replace('.json', '')))].sort();
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('language bundles', () => {
  it('has the shell namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['auth', 'common', 'dashboard', 'navigation', 'pages']));
  });

  for (const ns of namespaces) {
    it(`${ns}: every key exists, filled, in ${LANGUAGES.join(', ')}`, () => {
      const bundles = Object.fromEntries(LANGUAGES.map((lang) => [lang, files[`./${lang}/${ns}.json`]]));
      for (const lang of LANGUAGES) expect(bundles[lang], `${lang}/${ns}.json`).toBeDefined();
      const keys = new Set(LANGUAGES.flatMap((lang) => [...flatten(bundles[lang]!).keys()]));
      const plain = [...keys].filter((k) => !PLURAL.test(k));
      const pluralBases = [...new Set([...keys].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))];
      const problems: string[] = [];
      for (const lang of LANGUAGES) {
        const flat = flatten(bundles[lang]!);
        const reference = flatten(bundles.fr!);
        const required = [...plain, ...pluralBases.flatMap((base) => pluralForms(lang).map((form) => `${base}_${form}`))];
        for (const key of required) {
          const text = flat.get(key);
          if (text === undefined) problems.push(`${lang}/${ns}: missing ${key}`);
          else if (!text.trim()) problems.push(`${lang}/${ns}: empty ${key}`);
          else if (!PLURAL.test(key) && reference.has(key) && variables(text).join() !== variables(reference.get(key)!).join()) problems.push(`${lang}/${ns}: variables differ in ${key}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
