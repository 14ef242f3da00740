// SPEC §3 Notice: a patient's feedback on one of their own consultations, editable for 7 days.
// Zod-free: the patient file's first screen reads these (issue 31: schemas/notices.ts brought zod,
// 26 KB, into its first load); schemas/notices.ts builds the validation on them.
export const NOTICE_EDIT_WINDOW_MS = 7 * 24 * 3600 * 1000;
export const NOTICE_OPINION_MAX = 2000;

/** Whether a notice created at `createdAt` may still be edited at `now`. */
export function noticeEditable(createdAt: string | Date, now: number): boolean {
  return now - new Date(createdAt).getTime() <= NOTICE_EDIT_WINDOW_MS;
}
