import { describe, expect, it, vi } from 'vitest';
import { endSession, setSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { consultationStore, emptyDraft, clearForm, flushDraft, startNewConsultation, toConsultationFields, updateDraft } from './consultation-store.ts';
import { draftStorageKey } from './draft-storage.ts';

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

  it('sends 8,2 as 8.2 and refuses to send a number it cannot read', () => {
    expect(toConsultationFields({ ...emptyDraft(), Weight: '8,2', Size: '1 234,5' }, 1, DATE)).toMatchObject({ Weight: 8.2, Size: 1234.5 });
    expect(() => toConsultationFields({ ...emptyDraft(), Weight: '8,2,3' }, 1, DATE)).toThrow(/Nombre invalide/);
  });

  it('falls back to today for an invalid pain start date (SPEC §5)', () => {
    // The clock stopped just before midnight: the draft's day and the expected one are the same day.
    vi.useFakeTimers({ now: new Date(2026, 10, 30, 23, 59, 59, 999), toFake: ['Date'] });
    try {
      const draft = { ...emptyDraft(), Weight: '68', startEradiationDate: '' };
      expect(toConsultationFields(draft, 1, DATE).startEradiationDate).toBe('2026-11-30');
    } finally {
      vi.useRealTimers();
    }
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

describe('draft kept in the browser for its user', () => {
  const alice = fakeUser('PR');
  const bob = { ...fakeUser('PR'), id: '00000000-0000-4000-8000-000000000002', uid: '00000000-0000-4000-8000-000000000002' };

  it('is written for the signed-in user, restored after a reload, never shown to another user, and gone at logout', () => {
    setSession(alice, 'header.payload.signature');
    updateDraft({ Weight: '8,2', eradiation: 'Épaule gauche' });
    flushDraft();
    const key = draftStorageKey(alice.id);
    expect(JSON.parse(localStorage.getItem(key)!).draft).toMatchObject({ Weight: '8,2', eradiation: 'Épaule gauche' });

    // A reload: the page starts with nobody signed in, then the stored token signs Alice in again.
    consultationStore.set({ draft: emptyDraft(), owner: null });
    setSession(alice, 'header.payload.signature');
    expect(consultationStore.get().draft).toMatchObject({ Weight: '8,2', eradiation: 'Épaule gauche' });

    // Bob on the same browser (Alice's token expired, no logout): he sees an empty form.
    endSession('expired');
    setSession(bob, 'header.payload.signature');
    expect(consultationStore.get().draft.eradiation).toBe('');
    expect(localStorage.getItem(key)).not.toBeNull();
    endSession('logout');

    // Alice again, then logout: the stored draft is removed.
    setSession(alice, 'header.payload.signature');
    expect(consultationStore.get().draft.eradiation).toBe('Épaule gauche');
    endSession('logout');
    expect(localStorage.getItem(key)).toBeNull();
    expect(consultationStore.get().draft.eradiation).toBe('');
  });

  it('stays open for the user when it was opened before the page knew who is signed in', () => {
    endSession('logout');
    // A fresh tab on a ?consultation= link: the panel opens while the user is still being read.
    consultationStore.set({ open: true, loading: true, owner: null });
    setSession(alice, 'header.payload.signature');
    expect(consultationStore.get()).toMatchObject({ open: true, loading: true, owner: alice.id });
    endSession('logout');
    expect(consultationStore.get().open).toBe(false);
  });

  it('is removed once the form is empty again (after a save)', () => {
    setSession(alice, 'header.payload.signature');
    updateDraft({ Size: '172' });
    flushDraft();
    expect(localStorage.getItem(draftStorageKey(alice.id))).not.toBeNull();
    startNewConsultation({ keepPatient: false });
    flushDraft();
    expect(localStorage.getItem(draftStorageKey(alice.id))).toBeNull();
    endSession('logout');
  });
});
