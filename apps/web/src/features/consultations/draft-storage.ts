import { onSessionEnd } from '../../lib/session.ts';
import type { ConsultationDraft, EditTarget, PatientContext } from './consultation-store.ts';

// The consultation draft in localStorage, one entry per signed-in user: a reload or a crashed tab
// loses nothing, and another user of the same browser never reads it (other key, and the entry is
// removed at logout). Files cannot be kept there: they are re-added by hand after a reload.

export interface StoredDraft {
  draft: Partial<ConsultationDraft>;
  mode: 'new' | 'edit';
  editing: EditTarget | null;
  patient: PatientContext | null;
}

const PREFIX = 'wellbe.consultation-draft.';
export const draftStorageKey = (userId: string) => `${PREFIX}${userId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredDraft(userId: string): StoredDraft | null {
  const raw = storage()?.getItem(draftStorageKey(userId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredDraft;
    if (!parsed || typeof parsed.draft !== 'object' || (parsed.mode !== 'new' && parsed.mode !== 'edit')) return null;
    return { draft: parsed.draft, mode: parsed.mode, editing: parsed.mode === 'edit' ? parsed.editing : null, patient: parsed.patient ?? null };
  } catch {
    return null;
  }
}

export function writeStoredDraft(userId: string, value: StoredDraft): void {
  try {
    storage()?.setItem(draftStorageKey(userId), JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the draft still lives in memory for this page.
  }
}

export function clearStoredDraft(userId: string): void {
  storage()?.removeItem(draftStorageKey(userId));
}

// The signed-out user's draft goes at logout, on any page (main.tsx imports this module for it):
// the panel's store loads after the first paint of a signed-in screen and is not there on a fresh
// load of /logout, where the draft it left in the browser stayed and came back at the next sign-in.
onSessionEnd((reason, userId) => {
  if (reason === 'logout' && userId) clearStoredDraft(userId);
});
