import type { Questionnaire, QuestionInput, QuestionnaireWriteInput } from '@wellbe/shared/schemas/questionnaires';
import { newQuestion, type DraftQuestion } from './components/question-editor.tsx';

// The builder edits plain strings; these turn a template into them and back into the one
// definition schema's input (packages/shared checks it on save, the server again).

type Stored = Record<string, unknown> & { id: string; type: DraftQuestion['type']; label: string };

export function toDrafts(q: Questionnaire | null): DraftQuestion[] {
  if (!q) return [newQuestion(1)];
  return (q.questions as Stored[]).map((s) => {
    const showIf = s.showIf as { questionId: string; equals: unknown } | null | undefined;
    const equals = showIf ? (typeof showIf.equals === 'boolean' ? (showIf.equals ? 'oui' : 'non') : String(showIf.equals)) : '';
    return {
      ...newQuestion(0),
      id: s.id,
      type: s.type,
      label: s.label,
      required: !!s.required,
      options: Array.isArray(s.options) ? (s.options as { label: string }[]).map((o) => o.label).join('\n') : '',
      minLabel: String(s.minLabel ?? ''),
      maxLabel: String(s.maxLabel ?? ''),
      unit: String(s.unit ?? ''),
      min: s.min == null ? '' : String(s.min),
      max: s.max == null ? '' : String(s.max),
      conditionOn: showIf?.questionId ?? '',
      conditionValue: equals,
    };
  });
}

const num = (v: string) => (v.trim() === '' ? null : Number(v.replace(',', '.')));

function conditionValue(on: DraftQuestion | undefined, value: string): string | number | boolean {
  if (on?.type === 'yesNo') return /^(oui|yes|true|1)$/i.test(value.trim());
  if (on?.type === 'scale' || on?.type === 'number') return Number(value.replace(',', '.'));
  return value.trim();
}

export function toQuestions(drafts: DraftQuestion[]): QuestionInput[] {
  return drafts.map((d) => {
    const base = { id: d.id, label: d.label, required: d.required, showIf: d.conditionOn ? { questionId: d.conditionOn, equals: conditionValue(drafts.find((x) => x.id === d.conditionOn), d.conditionValue) } : null };
    switch (d.type) {
      case 'single':
      case 'multiple':
        return { ...base, type: d.type, options: d.options.split('\n').map((o) => o.trim()).filter(Boolean) };
      case 'scale':
        return { ...base, type: d.type, minLabel: d.minLabel, maxLabel: d.maxLabel };
      case 'number':
        return { ...base, type: d.type, unit: d.unit, min: num(d.min), max: num(d.max) };
      default:
        return { ...base, type: d.type };
    }
  });
}

export type BuilderBody = QuestionnaireWriteInput;
