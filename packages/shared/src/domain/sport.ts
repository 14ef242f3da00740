// The statuses of a logged sport session, without zod: the patient's program of the day reads them
// at its first render and schemas/ would bring zod along (issue 31). schemas/sport.ts builds its
// checks from them and exports them too.
export const LOG_STATUSES = ['done', 'partial', 'skipped'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];
