import { and, eq } from 'drizzle-orm';
import { questionnaireDefinitionSchema, type QuestionnaireWriteInput } from '@wellbe/shared/schemas/questionnaires';
import type { Database } from '../client.ts';
import { appointmentTypes, questionnaireAssignments, questionnaireVersions, questionnaires } from '../tables.ts';

// Demo questionnaires of Cabinet Démo (issue "between visits"): a pre-visit form (sent with a
// 'Première consultation'), the dietetic habits form with SPEC §3's dietetic fields (pattern,
// physicalCapacity, riskyFoodsFrequency, breakfast, lunch, dinner, snack, dislikes) and a weekly
// pain and function check-in. Lucas Bernard (`pt`) has the pre-visit form to fill and four weeks
// of check-ins answered, so that his file's curve has points.

const PRE_VISIT: QuestionnaireWriteInput = {
  title: 'Questionnaire avant la consultation',
  introduction: 'Quelques questions pour préparer votre rendez-vous. Vos réponses sont enregistrées au fur et à mesure : vous pouvez finir plus tard.',
  preVisit: true,
  questions: [
    { id: 'motif', type: 'text', label: 'Quel est le motif de votre visite ?', required: true },
    { id: 'depuis', type: 'date', label: 'Depuis quand ?' },
    { id: 'douleur', type: 'scale', label: 'Votre douleur aujourd’hui', required: true, minLabel: 'Aucune douleur', maxLabel: 'Douleur maximale' },
    { id: 'traitement', type: 'yesNo', label: 'Prenez-vous un traitement en ce moment ?', required: true },
    { id: 'traitementNom', type: 'text', label: 'Lequel ?', required: true, showIf: { questionId: 'traitement', equals: true } },
    { id: 'allergies', type: 'multiple', label: 'Avez-vous des allergies ?', options: ['Médicaments', 'Aliments', 'Pollens', 'Aucune'] },
    { id: 'poids', type: 'number', label: 'Votre poids', unit: 'kg', min: 20, max: 300, decimals: 1 },
    { id: 'remarques', type: 'longText', label: 'Autre chose à signaler ?' },
  ],
};

const DIETETIC: QuestionnaireWriteInput = {
  title: 'Habitudes alimentaires',
  introduction: 'Décrivez vos repas d’une journée habituelle.',
  preVisit: false,
  questions: [
    { id: 'pattern', type: 'single', label: 'Votre rythme alimentaire', required: true, options: ['3 repas par jour', '2 repas par jour', 'Repas irréguliers', 'Grignotage fréquent'] },
    { id: 'physicalCapacity', type: 'single', label: 'Votre activité physique', options: ['Sédentaire', 'Légère', 'Modérée', 'Intense'] },
    { id: 'riskyFoodsFrequency', type: 'single', label: 'Produits sucrés, gras ou salés', options: ['Jamais', '1 à 2 fois par semaine', '3 à 5 fois par semaine', 'Tous les jours'] },
    { id: 'breakfast', type: 'longText', label: 'Petit-déjeuner' },
    { id: 'lunch', type: 'longText', label: 'Déjeuner' },
    { id: 'dinner', type: 'longText', label: 'Dîner' },
    { id: 'snack', type: 'longText', label: 'Collations' },
    { id: 'dislikes', type: 'text', label: 'Aliments que vous n’aimez pas' },
  ],
};

const CHECK_IN: QuestionnaireWriteInput = {
  title: 'Suivi hebdomadaire douleur et fonction',
  introduction: 'Une minute chaque semaine pour suivre votre évolution.',
  preVisit: false,
  questions: [
    { id: 'douleur', type: 'scale', label: 'Douleur moyenne cette semaine', required: true, minLabel: 'Aucune douleur', maxLabel: 'Douleur maximale' },
    { id: 'gene', type: 'scale', label: 'Gêne dans les activités du quotidien', required: true, minLabel: 'Aucune gêne', maxLabel: 'Impossible' },
    { id: 'exercices', type: 'single', label: 'Exercices du programme faits', options: ['Tous', 'La plupart', 'Quelques-uns', 'Aucun'] },
    { id: 'commentaire', type: 'longText', label: 'Un commentaire pour votre praticien ?' },
  ],
};

export async function seedQuestionnaires(db: Database, input: { organizationId: string; practitionerId: string; patientId: string; now: Date }): Promise<void> {
  const { organizationId, practitionerId: by, patientId, now } = input;
  const [first] = await db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.organizationId, organizationId), eq(appointmentTypes.label, 'Première consultation')));
  const ids: Record<string, { id: string; versionId: string }> = {};
  for (const [key, form] of [
    ['preVisit', { ...PRE_VISIT, appointmentTypeIds: first ? [first.id] : [] }],
    ['dietetic', DIETETIC],
    ['checkIn', CHECK_IN],
  ] as const) {
    const definition = questionnaireDefinitionSchema.parse(form);
    const [q] = await db
      .insert(questionnaires)
      .values({ organizationId, title: definition.title, preVisit: form.preVisit ?? false, appointmentTypeIds: form.appointmentTypeIds ?? [], createdBy: by, createdAt: now, updatedAt: now })
      .returning({ id: questionnaires.id });
    const [v] = await db
      .insert(questionnaireVersions)
      .values({ organizationId, questionnaireId: q!.id, version: 1, definition: definition as unknown as Record<string, unknown>, createdBy: by, createdAt: now })
      .returning({ id: questionnaireVersions.id });
    ids[key] = { id: q!.id, versionId: v!.id };
  }
  const day = 86_400_000;
  const at = (days: number) => new Date(now.getTime() + days * day);
  const pain = [7, 6, 4, 3];
  const base = { organizationId, patientId, sentBy: by };
  await db.insert(questionnaireAssignments).values([
    { ...base, questionnaireId: ids.preVisit!.id, versionId: ids.preVisit!.versionId, source: 'manual', availableAt: at(-1), dueAt: at(6), createdAt: at(-1), updatedAt: at(-1) },
    ...pain.map((douleur, i) => ({
      ...base,
      questionnaireId: ids.checkIn!.id,
      versionId: ids.checkIn!.versionId,
      source: 'schedule',
      status: 'submitted',
      answers: { douleur, gene: Math.max(douleur - 1, 0), exercices: i < 2 ? 'Quelques-uns' : 'La plupart' },
      availableAt: at(-7 * (pain.length - i) - 1),
      dueAt: at(-7 * (pain.length - i - 1) - 1),
      submittedAt: at(-7 * (pain.length - i)),
      createdAt: at(-7 * pain.length - 1),
      updatedAt: at(-7 * (pain.length - i)),
    })),
  ]);
}
