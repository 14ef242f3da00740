import { describe, expect, it } from 'vitest';
import { accessKind, accessOperation, actorLabel, decodeCursor, encodeCursor, FOREIGN_LABEL, OTHER_PATIENT_LABEL, TECHNICAL_LABEL } from './records.ts';

describe('who opened my file: how a journal row reads', () => {
  it('classifies what was opened', () => {
    expect(accessKind('patient.file.read', 'patient')).toBe('dossier');
    expect(accessKind('consultation.read', 'consultation')).toBe('consultation');
    expect(accessKind('notice.create', null)).toBe('consultation');
    expect(accessKind('document.download', 'document')).toBe('document');
    expect(accessKind('records.export.fhir', 'patient')).toBe('export');
  });

  it('tells reads, writes, exports and refusals apart', () => {
    expect(accessOperation('patient.file.read', 'success')).toBe('read');
    expect(accessOperation('consultation.update', 'success')).toBe('write');
    expect(accessOperation('document.create', 'success')).toBe('write');
    expect(accessOperation('consultation.sign', 'success')).toBe('write');
    expect(accessOperation('consultation.addendum', 'success')).toBe('write');
    expect(accessOperation('records.export.pdf', 'success')).toBe('export');
    expect(accessOperation('patient.file.read', 'denied')).toBe('denied');
  });

  it('names colleagues, hides WellBe staff and other patients', () => {
    expect(actorLabel({ userId: 'u1', role: 'PR', nameInOrganisation: 'Claire Martin' }, 'me')).toEqual({ actor: 'Claire Martin', role: 'PR', self: false });
    expect(actorLabel({ userId: 'u2', role: 'DE', nameInOrganisation: 'Dev Eloppeur' }, 'me')).toEqual({ actor: TECHNICAL_LABEL, role: null, self: false });
    expect(actorLabel({ userId: 'u3', role: 'SA', nameInOrganisation: null }, 'me').actor).toBe(TECHNICAL_LABEL);
    expect(actorLabel({ userId: 'u4', role: 'PT', nameInOrganisation: 'Autre Patient' }, 'me').actor).toBe(OTHER_PATIENT_LABEL);
    expect(actorLabel({ userId: 'u5', role: 'PR', nameInOrganisation: null }, 'me').actor).toBe(FOREIGN_LABEL);
    expect(actorLabel({ userId: 'me', role: 'PT', nameInOrganisation: 'Lucas Bernard' }, 'me')).toEqual({ actor: 'Vous', role: 'PT', self: true });
  });

  it('round-trips a keyset cursor', () => {
    const c = encodeCursor(new Date('2026-03-01T10:00:00.123Z'), 42);
    expect(c).toBe('1772359200123_42');
    expect(decodeCursor(c)).toEqual({ at: new Date('2026-03-01T10:00:00.123Z'), id: '42' });
  });
});
