import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TimelineEntry } from '@wellbe/shared/schemas/patient-files';
import { i18nReady } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { ConsultationDetail } from './consultation-detail.tsx';

// The consultation's heading line « practitioner (speciality) · 12/03/2026 14:30 »: the date-time read
// « 14:30 12/03/2026 » in Arabic; it is isolated left to right (<bdi dir="ltr">).

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const AT = '2026-03-12T13:30:00.000Z';
const ENTRY = { idConsultation: 'c1', ConsultationDate: AT, practitioner: 'Dr Durand', idUser: 'u1', speciality: 'Diététicien', idJobSpecialist: 1, Size: null, Weight: null, imc: null, dolorLocation: null, dolorIntensity: null, excerpt: '', documentCount: 0 } as unknown as TimelineEntry;
const DETAIL = { idConsultation: 'c1', idPatient: 'p1', patientFullName: 'Hélène Martin', version: 1, ConsultationDate: AT, ConsultationNote: '<p>Note</p>', Diagnostic: '', HealthCareCategory: '', Size: null, Weight: null, documents: [], signedAt: null, signedByName: null, lockedAt: null, addenda: [] };

describe('a consultation’s detail', () => {
  it('keeps its date-time left to right', async () => {
    fakeApi({ 'GET /api/consultations/c1': { data: DETAIL } });
    renderAs('PR', <Suspense fallback="…"><ConsultationDetail idPatient="p1" idConsultation="c1" entry={ENTRY} canWrite={false} isOwnFile /></Suspense>);
    expect((await screen.findByText('12/03/2026 14:30')).closest('bdi')).toHaveAttribute('dir', 'ltr');
  });
});
