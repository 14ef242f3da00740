import { computeImc } from '@wellbe/shared/domain/imc';
import { latestWithChange, painLevel } from '@wellbe/shared/domain/imc-bands';
import type { MeasurePoint, PatientMeasures } from '@wellbe/shared/schemas/patient-files';
import type { Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { auditRow } from '../../lib/audit.ts';
import { consultationMeasures } from '../consultations/consultations.service.ts';
import { selfReportedWeights } from '../diary/diary.service.ts';
import { patientForCaller } from './patients.service.ts';

/**
 * Weight, IMC and pain over time; missing values stay null so the curves show gaps. The weights the
 * patient declared in their diary join the curve, flagged `source: 'patient'` ("déclaré par le
 * patient"), their IMC computed with the latest height measured before them.
 */
export async function readPatientMeasures(ctx: AppContext, caller: Caller, idPatient: string): Promise<PatientMeasures> {
  const record = await patientForCaller(ctx, caller, idPatient, 'patient.measures.read', 'read');
  // The read's journal row is written by the consultations' statement itself, both statements sent at once (issue 31: one round trip after the lookup).
  const journal = auditRow(ctx, caller, { action: 'patient.measures.read', outcome: 'success', recordType: 'patient', recordId: record.id, patientId: record.id });
  const [rows, declared] = await Promise.all([consultationMeasures(ctx, caller, record.id, journal), selfReportedWeights(ctx, caller, record.id)]);
  const measured: MeasurePoint[] = rows.map((r) => ({
    idConsultation: r.id,
    source: 'consultation',
    selfReported: false,
    date: r.consultationDate.toISOString(),
    size: r.size,
    weight: r.weight,
    imc: computeImc(r.weight, r.size),
    dolorLocation: r.dolorLocation,
    dolorIntensity: r.dolorIntensity,
    pain: painLevel(r.dolorIntensity),
  }));
  const heightBefore = (date: string) => measured.filter((p) => p.size != null && p.date <= date).at(-1)?.size ?? measured.find((p) => p.size != null)?.size ?? null;
  const reported: MeasurePoint[] = declared.map((w) => {
    const date = w.at.toISOString();
    const weight = Number(w.weightKg);
    return { idConsultation: null, source: 'patient', selfReported: true, date, size: null, weight, imc: computeImc(weight, heightBefore(date)), dolorLocation: null, dolorIntensity: null, pain: null };
  });
  const points = [...measured, ...reported].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    points,
    latest: {
      weight: latestWithChange(points, (p) => p.weight),
      imc: latestWithChange(points, (p) => p.imc),
      size: latestWithChange(points, (p) => p.size),
      pain: latestWithChange(points, (p) => p.pain),
    },
  };
}
