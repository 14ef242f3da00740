import { describe, expect, it } from 'vitest';
import { checkAnswers, questionnaireDefinitionSchema } from './questionnaires.ts';

// The one definition schema and the answer rules the form and the server share.

const def = questionnaireDefinitionSchema.parse({
  title: 'Avant la visite',
  questions: [
    { id: 'douleur', type: 'scale', label: 'Douleur', required: true },
    { id: 'traitement', type: 'yes_no', label: 'Traitement ?', required: true },
    { id: 'lequel', type: 'text', label: 'Lequel ?', required: true, condition: { questionId: 'traitement', equals: true } },
    { id: 'repas', type: 'multiple_choice', label: 'Repas', choices: ['Petit-déjeuner', 'Déjeuner'] },
    { id: 'poids', type: 'number', label: 'Poids', unit: 'kg', min: 20, max: 300 },
    { id: 'jour', type: 'date', label: 'Depuis' },
  ],
});

describe('questionnaire definitions and answers', () => {
  it('reads the usual spellings of types, choices and conditions into one shape', () => {
    expect(def.questions.map((q) => q.type)).toEqual(['scale', 'yesNo', 'text', 'multiple', 'number', 'date']);
    expect(def.questions[3]).toMatchObject({ options: [{ value: 'Petit-déjeuner', label: 'Petit-déjeuner' }, { value: 'Déjeuner', label: 'Déjeuner' }] });
    expect(def.questions[2]!.showIf).toEqual({ questionId: 'traitement', equals: true });
  });

  it('a draft keeps what fits; a submit needs every shown required answer, and drops hidden ones', () => {
    expect(checkAnswers(def.questions, { douleur: 4 }, false).issues).toEqual([]);
    expect(checkAnswers(def.questions, { douleur: 4, traitement: true }, true).issues).toEqual([{ questionId: 'lequel', message: 'Cette question est obligatoire.' }]);
    const hidden = checkAnswers(def.questions, { douleur: 4, traitement: false, lequel: 'oublié' }, true);
    expect(hidden.issues).toEqual([]);
    expect(hidden.clean).toEqual({ douleur: 4, traitement: false });
  });

  it('refuses values outside bounds, choices, the 0–10 scale and the calendar, even in a draft', () => {
    const issues = checkAnswers(def.questions, { douleur: 10.5, repas: ['Dîner'], poids: 19, jour: '2026-02-30' }, false).issues.map((i) => i.message);
    expect(issues).toEqual(['Choisissez une valeur entière de 0 à 10.', 'Choisissez parmi les réponses proposées.', 'La valeur doit être supérieure ou égale à 20 kg.', 'Saisissez une date valide (JJ/MM/AAAA).']);
  });
});
