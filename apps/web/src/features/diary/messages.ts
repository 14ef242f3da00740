import { DIARY_LIMITS as L, DIARY_MESSAGES as M } from '@wellbe/shared/schemas/diary';
import type { MessageKeys } from '../../lib/messages.ts';

// The diary's forms check with the server's rules and show its messages (packages/shared), which
// are French: each has its key in diary.json `errors`, so the patient reads them in their language.
export const DIARY_KEYS: MessageKeys = {
  [M.weight]: ['errors.weight', { min: L.weightMin, max: L.weightMax }],
  [M.intensity]: 'errors.intensity',
  [M.location]: 'errors.location',
  [M.meal]: 'errors.meal',
  [M.items]: 'errors.items',
  [M.tooManyItems]: ['errors.tooManyItems', { max: L.itemsMax }],
  [M.grams]: ['errors.grams', { max: L.gramsMax }],
  [M.quantity]: 'errors.quantity',
  [M.duration]: ['errors.duration', { max: L.durationMax }],
  [M.activityIntensity]: 'errors.activityIntensity',
  [M.activity]: 'errors.activity',
  [M.at]: 'errors.at',
  [M.future]: 'errors.future',
  [M.sessionNotFound]: 'errors.sessionNotFound',
  [M.photoType]: 'errors.photoType',
  [M.photoSize]: 'errors.photoSize',
  [M.photoMissing]: 'errors.photoMissing',
};
