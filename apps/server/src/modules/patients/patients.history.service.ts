import type { HistoryQuery } from '@wellbe/shared/schemas/history';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { actingScope, patientScope, type Caller } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { recordVersion, versionPage, type HistoryPage } from '../history/history.service.ts';
import { PATIENT_NOT_FOUND, patientForCaller } from './patients.service.ts';

// Issue 32: a patient's identity is versioned like a consultation. A change runs with its version
// in one transaction: `change` does the write on the transaction's `db`, and its version is
// written when `done` says it happened.

export async function withPatientVersion<T>(
  ctx: AppContext,
  caller: Caller,
  patient: { id?: string; organizationId: string },
  kind: 'created' | 'updated' | 'archived',
  change: (db: Database) => Promise<T>,
  done: (result: T) => string | null,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await change(tx);
    const id = done(result);
    if (id) await recordVersion({ db: tx }, actingScope(caller, patient.organizationId, PATIENT_NOT_FOUND, 'patient_not_found'), { type: 'patient', id }, { kind, at: new Date(ctx.clock.now()), author: caller });
    return result;
  });
}

/** GET /api/patients/:idPatient/history: scoped like the patient file, journalled. */
export async function patientHistory(ctx: AppContext, caller: Caller, idPatient: string, query: HistoryQuery): Promise<HistoryPage> {
  const record = await patientForCaller(ctx, caller, idPatient, 'patient.history.read', 'read');
  const page = await versionPage(ctx, patientScope(caller, 'read'), 'patient', record.id, query);
  await recordAudit(ctx, caller, { action: 'patient.history.read', outcome: 'success', recordType: 'patient', recordId: record.id, patientId: record.id });
  return page;
}
