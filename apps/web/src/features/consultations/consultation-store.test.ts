import { describe, expect, it } from 'vitest';
import { toDay } from '@wellbe/shared/domain/consultation';
import { consultationStore, emptyDraft, clearForm, startNewConsultation, toConsultationFields, updateDraft } from './consultation-store.ts';

const DATE = '2026-11-21T08:00:00.000Z';

describe('draft → consultationCreate (SPEC §7)', () => {
  it('sends numbers, the pain start day and no dietetic field for specialist 1', () => {
    const draft = { ...emptyDraft(), Size: '172,5', Weight: '68', pattern: 'Grignotage', startEradiationDate: '2026-11-02' };
    const fields = toConsultationFields(draft, 1, DATE);
    expect(fields).toMatchObject({ Size: 172.5, Weight: 68, startEradiationDate: '2026-11-02', ConsultationDate: DATE });
    expect(fields).not.toHaveProperty('pattern');
    expect(fields).not.toHaveProperty('idJobSpeciality');
  });

  it('adds idJobSpeciality and the dietetic fields for other specialists', () => {
    const draft = { ...emptyDraft(), Weight: '68', pattern: 'Grignotage', breakfast: ' Café ' };
    expect(toConsultationFields(draft, 2, DATE)).toMatchObject({ idJobSpeciality: 2, pattern: 'Grignotage', breakfast: 'Café', lunch: null });
  });

  it('falls back to today for an invalid pain start date (SPEC §5)', () => {
    const draft = { ...emptyDraft(), Weight: '68', startEradiationDate: '' };
    expect(toConsultationFields(draft, 1, DATE).startEradiationDate).toBe(toDay(new Date()));
  });
});

describe('shared draft (SPEC §4)', () => {
  it('applies the analgesic rule on every change', () => {
    updateDraft({ antalgesicTreatment: 'Oui', treatmentName: 'Ibuprofène', treatmentEfficacy: 'Oui' });
    expect(consultationStore.get().draft).toMatchObject({ treatmentName: 'Ibuprofène', treatmentEfficacy: 'Oui' });
    updateDraft({ antalgesicTreatment: 'Non renseigné' });
    expect(consultationStore.get().draft).toMatchObject({ treatmentName: '', treatmentEfficacy: 'Non renseigné' });
  });

  it('clears the content but keeps the id; a new consultation gets a new id', () => {
    updateDraft({ Size: '180' });
    const { idConsultation } = consultationStore.get().draft;
    clearForm();
    expect(consultationStore.get().draft.Size).toBe('');
    expect(consultationStore.get().draft.idConsultation).toBe(idConsultation);
    startNewConsultation();
    expect(consultationStore.get().draft.idConsultation).not.toBe(idConsultation);
    expect(consultationStore.get().draft.idConsultation).toMatch(/^[0-9a-f-]{36}$/);
  });
});
