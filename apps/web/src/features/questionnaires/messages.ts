import { FIELD_MESSAGES } from '@wellbe/shared/schemas/fields';
import { QUESTIONNAIRE_LIMITS, QUESTIONNAIRE_MESSAGES as M, type Question } from '@wellbe/shared/schemas/questionnaires';
import type { MessageKeys } from '../../lib/messages.ts';

// The answers are checked with the server's rules (packages/shared), whose messages are French:
// each has its key in questionnaires.json, so a patient reading English or Arabic reads them so.
const ANSWER_KEYS: MessageKeys = {
  [M.required]: 'errors.required',
  [M.choice]: 'errors.choice',
  [M.choices]: 'errors.choices',
  [M.scale]: 'errors.scale',
  [M.number]: 'errors.number',
  [M.date]: 'errors.date',
  [M.yesNo]: 'errors.yesNo',
  [M.unknownQuestion]: 'errors.unknownQuestion',
  // The server's refusals of a send: the same French texts, the same keys.
  [M.notFound]: 'errors.notFound',
  [M.alreadySubmitted]: 'errors.alreadySubmitted',
  [M.text(QUESTIONNAIRE_LIMITS.shortText)]: ['errors.text', { max: QUESTIONNAIRE_LIMITS.shortText }],
  [M.text(QUESTIONNAIRE_LIMITS.longText)]: ['errors.text', { max: QUESTIONNAIRE_LIMITS.longText }],
};

/** The answers' messages, with the bounds of these questions (a number's min and max are its own). */
export function answerMessageKeys(questions: Question[]): MessageKeys {
  const bounds = questions.flatMap((q) => {
    if (q.type !== 'number') return [];
    const unit = q.unit ? ` ${q.unit}` : '';
    return [
      ...(q.min != null ? [[M.min(q.min, q.unit), ['errors.min', { min: q.min, unit }]] as const] : []),
      ...(q.max != null ? [[M.max(q.max, q.unit), ['errors.max', { max: q.max, unit }]] as const] : []),
    ];
  });
  return { ...ANSWER_KEYS, ...Object.fromEntries(bounds) };
}

/** What the builder's check (the shared write schema) may refuse. */
export const BUILDER_KEYS: MessageKeys = {
  [M.questionsMin]: 'errors.questionsMin',
  [M.questionsMax]: ['errors.questionsMax', { max: QUESTIONNAIRE_LIMITS.questions }],
  [M.optionsMin]: 'errors.optionsMin',
  [M.optionsMax]: ['errors.optionsMax', { max: QUESTIONNAIRE_LIMITS.options }],
  [M.optionValues]: 'errors.optionValues',
  [M.bounds]: 'errors.bounds',
  [M.condition]: 'errors.condition',
  [M.questionIds]: 'errors.questionIds',
  [M.questionId]: 'errors.questionId',
  [FIELD_MESSAGES.required('Le titre du questionnaire')]: 'errors.titleRequired',
  [FIELD_MESSAGES.required('Le libellé de la question')]: 'errors.labelRequired',
  [FIELD_MESSAGES.required('Le libellé d’une réponse')]: 'errors.optionLabelRequired',
  [FIELD_MESSAGES.required('La valeur d’une réponse')]: 'errors.optionValueRequired',
};
