import { describe, expect, it } from 'vitest';

// In Arabic, a range of two values joined by a dash ("{{from}} – {{to}}", "{{start}}–{{end}}") is
// drawn reversed ("12:00–09:00"): the bidi algorithm gives the dash between two numbers the
// sentence's direction. The translation isolates the whole range left to right (U+2066 … U+2069).
const files = import.meta.glob<Record<string, unknown>>('./ar/*.json', { eager: true, import: 'default' });

function texts(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object' ? texts(value as Record<string, unknown>, path) : [[path, String(value)] as [string, string]];
  });
}

// An en dash or a hyphen; the em dash separates a label from its value ("{{foods}} — {{kcal}}").
const RANGE = /{{\s*\w+\s*}}\s*[–-]\s*{{\s*\w+\s*}}/g;

describe('Arabic ranges', () => {
  it('every range of two values is isolated left to right', () => {
    const bare = Object.entries(files).flatMap(([file, tree]) =>
      texts(tree).flatMap(([key, text]) => [...text.matchAll(RANGE)].filter((m) => text[m.index - 1] !== '\u2066' || text[m.index + m[0].length] !== '\u2069').map(() => `${file} ${key}: ${text}`)),
    );
    expect(bare).toEqual([]);
  });
});
