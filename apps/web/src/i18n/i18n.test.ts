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

// "3 séance(s)" reads as a form, not a sentence: counts go through i18next plurals (`_one`,
// `_other`, Arabic's six forms). A letter glued to "(s)", "(x)", "(es)"… is a count's word written
// for both numbers (or both genders, "Né(e)") at once. "Durée (s)" (a unit, after a space) is not caught.
const BOTH_NUMBERS = /\p{L}\((s|x|e|es|ler|lar)\)/u;

describe('counted words', () => {
  it('no bundle writes a plural as “word(s)”', () => {
    const found = Object.entries(files).flatMap(([file, tree]) => [...flatten(tree)].filter(([, text]) => BOTH_NUMBERS.test(text)).map(([key, text]) => `${file} ${key}: ${text}`));
    expect(found).toEqual([]);
  });

  it('a program’s rhythm and shape agree with their numbers in each language', async () => {
    const { i18n, i18nReady } = await import('./i18n.ts');
    await i18nReady;
    await i18n.loadLanguages([...LANGUAGES]);
    await i18n.loadNamespaces('sport');
    const t = (lng: string, key: string, values: Record<string, number>) => i18n.getFixedT(lng, 'sport')(key, values);
    expect(t('fr', 'print.rhythm', { weeks: 6, perWeek: 3 })).toBe('6 semaines, 3 séances par semaine');
    expect(t('fr', 'print.rhythm', { weeks: 1, perWeek: 1 })).toBe('1 semaine, 1 séance par semaine');
    expect(t('fr', 'programs.shape', { sessions: 3, weeks: 6 })).toBe('3 séances · 6 sem.');
    expect(t('en', 'print.rhythm', { weeks: 1, perWeek: 2 })).toBe('1 week, 2 sessions per week');
    expect(t('tr', 'print.rhythm', { weeks: 6, perWeek: 3 })).toBe('6 hafta, haftada 3 seans');
    expect(t('ar', 'print.rhythm', { weeks: 2, perWeek: 3 })).toBe('أسبوعان، 3 حصص في الأسبوع');
    expect(t('ar', 'print.rhythm', { weeks: 12, perWeek: 1 })).toBe('12 أسبوعًا، حصة واحدة في الأسبوع');
  });

  it('the records’ check and the diary’s week agree with their numbers in each language', async () => {
    const { i18n, i18nReady } = await import('./i18n.ts');
    await i18nReady;
    await i18n.loadLanguages([...LANGUAGES]);
    await i18n.loadNamespaces(['history', 'diary']);
    const ok = (lng: string, versions: number) => i18n.getFixedT(lng, 'history')('verify.ok', { date: 'D', versions });
    expect(ok('fr', 1)).toBe('Dernière vérification des historiques le D : 1 version, aucune altération.');
    expect(ok('fr', 12)).toBe('Dernière vérification des historiques le D : 12 versions, aucune altération.');
    expect(ok('en', 1)).toBe('Last history verification on D: 1 version, no alteration.');
    expect(ok('ar', 2)).toBe('آخر تحقق من السجلات في D: إصداران، دون أي تعديل.');
    expect(ok('ar', 5)).toBe('آخر تحقق من السجلات في D: 5 إصدارات، دون أي تعديل.');
    expect(ok('ar', 100)).toBe('آخر تحقق من السجلات في D: 100 إصدار، دون أي تعديل.');
    const week = (lng: string, meal: number, pain: number, weight: number, activity: number) => i18n.getFixedT(lng, 'diary')('summary.entries', { meal, pain, weight, activity });
    expect(week('fr', 3, 1, 0, 2)).toBe('3 repas, 1 douleur, 0 poids, 2 activités notés');
    expect(week('en', 1, 1, 2, 1)).toBe('1 meal, 1 pain rating, 2 weights, 1 activity recorded');
    expect(week('ar', 1, 2, 3, 11)).toBe('سُجّلت وجبة واحدة وألمان و3 أوزان و11 نشاطًا');
  });
});
