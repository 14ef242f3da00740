import type { AccessKind, AccessLogEntry } from '../schemas/records.ts';

// "Who opened my file": how a journal row reads for the patient. Pure rules, shared by the server
// (which builds the list) and its tests.

/** WellBe's own technical accounts: the patient sees the team, never a person (CNIL 2021-122 allows it). */
export const TECHNICAL_ROLES = ['SA', 'DE', 'RE'] as const;
export const TECHNICAL_LABEL = 'Support technique WellBe';
export const SELF_LABEL = 'Vous';
export const OTHER_PATIENT_LABEL = 'Un autre compte patient';
export const FOREIGN_LABEL = 'Professionnel d’une autre organisation';
export const ANONYMOUS_LABEL = 'Requête sans compte';

// A signature and an addendum change the record (issue 32): the patient reads them as changes, not readings.
const WRITE_VERBS = ['create', 'update', 'archive', 'delete', 'invitation', 'send', 'revoke', 'sign', 'addendum'];

/** What the row touched: its record type first, then the action's area. */
export function accessKind(action: string, recordType: string | null): AccessKind {
  if (action.startsWith('records.export')) return 'export';
  if (recordType === 'document' || action.startsWith('document.')) return 'document';
  if (recordType === 'consultation' || action.startsWith('consultation.') || action.startsWith('notice.')) return 'consultation';
  return 'dossier';
}

export function accessOperation(action: string, outcome: string): AccessLogEntry['operation'] {
  if (outcome === 'denied') return 'denied';
  if (action.startsWith('records.export')) return 'export';
  const verbs = action.toLowerCase().split(/[.\s_/]+/);
  return verbs.some((v) => WRITE_VERBS.includes(v)) ? 'write' : 'read';
}

export interface ActorFacts {
  userId: string | null;
  role: string | null;
  /** The actor's name when they belong to the patient's organisation (null otherwise). */
  nameInOrganisation: string | null;
}

/** Who the patient reads: never another patient's name, WellBe support as a team. */
export function actorLabel(a: ActorFacts, selfId: string): { actor: string; role: string | null; self: boolean } {
  if (a.userId && a.userId === selfId) return { actor: SELF_LABEL, role: a.role, self: true };
  if (!a.userId) return { actor: ANONYMOUS_LABEL, role: null, self: false };
  if (a.role && (TECHNICAL_ROLES as readonly string[]).includes(a.role)) return { actor: TECHNICAL_LABEL, role: null, self: false };
  if (a.role === 'PT') return { actor: OTHER_PATIENT_LABEL, role: 'PT', self: false };
  return { actor: a.nameInOrganisation?.trim() || FOREIGN_LABEL, role: a.role, self: false };
}

/** Keyset cursors: `<epoch ms>_<id>`, the sort key and the tie-breaker of the last row served. */
export function encodeCursor(at: Date | string, id: number | string): string {
  return `${new Date(at).getTime()}_${id}`;
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  const i = cursor.indexOf('_');
  return { at: new Date(Number(cursor.slice(0, i))), id: cursor.slice(i + 1) };
}

const CHANGE_VERBS: Record<string, string> = {
  'consultation.update': 'a modifié',
  'consultation.sign': 'a signé',
  'consultation.addendum': 'a ajouté un complément à',
};

/**
 * Issue 32: a change to a consultation in the patient's access log, in words, from the journal
 * row's action and the consultation's date it recorded (`consultationDate`); null for anything else.
 */
export function accessChange(action: string, outcome: string, details: Record<string, unknown> | null, formatDay: (iso: string) => string): string | null {
  const verb = CHANGE_VERBS[action];
  const date = details?.consultationDate;
  if (!verb || outcome !== 'success' || typeof date !== 'string') return null;
  return `${verb} la consultation du ${formatDay(date)}`;
}
