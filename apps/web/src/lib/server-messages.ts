import { i18n } from '../i18n/i18n.ts';
import french from '../i18n/fr/server.json';

// The server and packages/shared refuse in French (SPEC §5, to the letter): fr/server.json holds
// each of those texts under a key, and the other languages' server.json their translation. This
// module is loaded by lib/api.ts only when an error is read in another language, so the map and
// the bundles never weigh on the first load nor on a French reader.

type Values = Record<string, string | number>;

/** A French message built from values, as a pattern that finds them again. */
interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
}

// `{{name}}` as i18next writes it, and `{name}`, which the server fills itself before sending
// (OIDC_MESSAGES.enforced: `{label}`).
const PLACEHOLDER = /{{\s*(\w+)\s*}}|{(\w+)}/g;
// These names hold a number (a limit, a line): only digits match them, so a template such as
// "{{max}} au plus." does not claim an unrelated sentence ending the same way.
const NUMERIC = new Set(['max', 'min', 'line']);
// French writes 2 000 (a space, or the narrow no-break space of toLocaleString('fr-FR')).
const FRENCH_NUMBER = '-?\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+|-?\\d+';

function flatten(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return value && typeof value === 'object' ? flatten(value as Record<string, unknown>, key) : [[key, String(value)] as [string, string]];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const [key, text] of flatten(french)) {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? m[2]!);
  // The same French text under two keys (Consultation introuvable.) has one translation: the first key.
  if (!names.length) {
    if (!exact.has(text)) exact.set(text, key);
    continue;
  }
  const source = text
    .split(PLACEHOLDER)
    .map((part, i) => (i % 3 === 0 ? escape(part ?? '') : part === undefined ? '' : `(${NUMERIC.has(part) ? FRENCH_NUMBER : '.+?'})`))
    .join('');
  templates.push({ key, names, pattern: new RegExp(`^${source}$`) });
}

/** The key of a French server message and the values it was built from, if fr/server.json has it. */
export function frenchMessageKey(message: string): { key: string; values: Values } | undefined {
  const key = exact.get(message);
  if (key) return { key, values: {} };
  for (const template of templates) {
    const found = template.pattern.exec(message);
    if (!found) continue;
    const values: Values = {};
    template.names.forEach((name, i) => {
      const value = found[i + 1]!;
      values[name] = NUMERIC.has(name) ? Number(value.replace(/[ \u00a0\u202f]/g, '')) : value;
    });
    return { key: template.key, values };
  }
  return undefined;
}

/** `message` in the interface's language once its bundle is loaded, or undefined for an unknown one. */
function translate(message: string, depth = 0): string | undefined {
  const found = frenchMessageKey(message);
  if (!found) return undefined;
  const values: Values = {};
  // A message may carry another one (a questionnaire's refused answer: « label » : message).
  for (const [name, value] of Object.entries(found.values)) values[name] = typeof value === 'string' && depth < 2 ? (translate(value, depth + 1) ?? value) : value;
  const text = i18n.t(found.key, { ns: 'server', ...values });
  return text.replace(/{(\w+)}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The reader's version of a French server message; the message as sent when it is not one of
 * fr/server.json's, or when the bundle cannot be loaded (the French says more than nothing).
 */
export async function translateServerMessage(message: string): Promise<string> {
  if (!frenchMessageKey(message)) return message;
  try {
    await i18n.loadNamespaces('server');
  } catch {
    return message;
  }
  return translate(message) ?? message;
}
