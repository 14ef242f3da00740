// Numbers typed by French users: "8,2" and "8.2" are the same number, "1 234,5" has a thousands
// space. Anything else is refused with a message — a clinical value is never silently changed
// (dropping the comma of "8,2" once stored 82 kg).

export const DECIMAL_MESSAGE = 'Nombre invalide : saisissez des chiffres avec une virgule ou un point décimal (ex. 8,2).';

export type DecimalParse = { ok: true; value: number | null } | { ok: false; message: string };

// Spaces a French keyboard or a copy-paste may put between thousands groups.
const GROUP_SPACE = '[ \\u00A0\\u202F]';
const PLAIN = /^-?\d+(?:[.,]\d+)?$/;
const GROUPED = new RegExp(`^-?\\d{1,3}(?:${GROUP_SPACE}\\d{3})+(?:[.,]\\d+)?$`);

/** Parses a typed number: empty → null; `8,2`, `8.2`, `1 234,5` → a number; `8,2,3`, `1e3`, `abc` → refused. */
export function parseDecimal(input: string | null | undefined): DecimalParse {
  const text = (input ?? '').trim();
  if (text === '') return { ok: true, value: null };
  if (!PLAIN.test(text) && !GROUPED.test(text)) return { ok: false, message: DECIMAL_MESSAGE };
  const value = Number(text.replace(/[ \u00A0\u202F]/g, '').replace(',', '.'));
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: DECIMAL_MESSAGE };
}

/** A number written the French way: decimal comma, optionally a fixed number of decimals ("25,88"). */
export function formatDecimal(value: number, decimals?: number): string {
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return text.replace('.', ',');
}

/** A clinical number field: parsed, then checked against its range; the first problem's message. */
export function checkDecimal(input: string, min: number, max: number, rangeMessage: string): { value: number | null; error?: string } {
  const parsed = parseDecimal(input);
  if (!parsed.ok) return { value: null, error: parsed.message };
  if (parsed.value === null) return { value: null };
  if (parsed.value < min || parsed.value > max) return { value: parsed.value, error: rangeMessage };
  return { value: parsed.value };
}
