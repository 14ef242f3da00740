import type { ConsultationDetail } from '@wellbe/shared/schemas/consultations';
import { describe, expect, it } from 'vitest';
import { emptyDraft, toConsultationFields } from './consultation-store.ts';
import { editBaseline, keepUntouched } from './edit-baseline.ts';

// A consultation whose pain fields and prevention were never filled: the form shows its defaults.
const detail = {
  idConsultation: 'c1', ConsultationNote: '<p>Suivi</p>', Diagnostic: '', HealthCareCategory: '', Size: 180, Weight: 80,
  dolorLocation: null, dolorIntensity: null, eradiation: null, triggeringFactor: null, startEradiationDate: null,
  antalgesicTreatment: 'Non renseigné', treatmentName: '', treatmentEfficacy: 'Non renseigné', preventionType: null,
  prevention1: null, prevention2: null, prevention3: null,
} as unknown as ConsultationDetail;

describe('saving an edited consultation (issue 32: no change nobody made)', () => {
  const opened = {
    ...emptyDraft(), idConsultation: 'c1', ConsultationNote: '<p>Suivi</p>', Size: '180', Weight: '80',
    dolorLocation: 'Non Renseigné', dolorIntensity: 'Non Renseigné', startEradiationDate: '2026-11-28', preventionType: 'primary' as const,
  };
  const baseline = editBaseline(opened, detail);

  it('leaves out the empty fields the practitioner did not touch, and sends what they changed', () => {
    const draft = { ...opened, Weight: '79,5' };
    const sent = keepUntouched(toConsultationFields(draft, 1, '2025-03-14T09:00:00.000Z'), draft, baseline);
    expect(sent.Weight).toBe(79.5);
    expect(sent).not.toHaveProperty('dolorLocation');
    expect(sent).not.toHaveProperty('dolorIntensity');
    expect(sent).not.toHaveProperty('startEradiationDate');
    expect(sent).not.toHaveProperty('preventionType');
    expect(sent.ConsultationNote).toBe('<p>Suivi</p>');
  });

  it('sends an empty field the practitioner filled', () => {
    const draft = { ...opened, dolorLocation: 'Lombaire', preventionType: 'secondary' as const };
    const sent = keepUntouched(toConsultationFields(draft, 1, '2025-03-14T09:00:00.000Z'), draft, baseline);
    expect(sent.dolorLocation).toBe('Lombaire');
    expect(sent.preventionType).toBe('secondary');
  });
});
