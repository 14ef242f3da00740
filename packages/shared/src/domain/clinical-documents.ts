// The fields a document template may name (`{{patient}}`, `{{date}}`…), filled from the patient's
// file, the consultation and the practitioner when a document is written. One list for the template
// editor, the server's check of a template and the filling itself.

export const TEMPLATE_FIELDS = ['patient', 'naissance', 'age', 'date', 'praticien', 'poids', 'taille', 'imc', 'diagnostic'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateValues = Partial<Record<TemplateField, string>>;

const FIELD = /\{\{\s*([^{}\s]{1,40})\s*\}\}/g;

/** The fields a text names that do not exist (a template with one is refused). */
export function unknownFields(text: string): string[] {
  const known = new Set<string>(TEMPLATE_FIELDS);
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]).filter((name) => !known.has(name)))];
}

/** Replaces each known field by its value ('' when the file has none, e.g. no weight recorded). */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(FIELD, (whole, name: string) => ((TEMPLATE_FIELDS as readonly string[]).includes(name) ? (values[name as TemplateField] ?? '') : whole));
}

/** Body-mass index from kilograms and centimetres, one decimal (French comma added at display). */
export function bodyMassIndex(weightKg: number | null, heightCm: number | null): number | null {
  if (!weightKg || !heightCm) return null;
  return Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10;
}

/** "Lucas Bernard" → "L. B." (what the public verification page shows of a patient). */
export function initialsOf(fullName: string): string {
  return fullName
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => `${w[0].toUpperCase()}.`)
    .join(' ');
}
