import { FIELD_MESSAGES } from '@wellbe/shared/schemas/fields';
import { PATIENT_MESSAGES as M, PATIENT_NAME_MAX } from '@wellbe/shared/schemas/patients';
import type { MessageKeys } from './messages.ts';

// A new patient's checks (the shared schema, the duplicate warnings) speak SPEC §5's French; the
// two dialogs that create one (the patients page, the consultation panel) show them through these
// keys of patients.json.
export const PATIENT_KEYS: MessageKeys = {
  [M.duplicateName]: 'validation.duplicateName',
  [M.duplicatePhone]: 'validation.duplicatePhone',
  [M.nameRequired]: 'validation.nameRequired',
  [FIELD_MESSAGES.tooLong('Le nom du patient', PATIENT_NAME_MAX)]: ['validation.nameTooLong', { max: PATIENT_NAME_MAX }],
  [M.phoneRequired]: 'validation.phoneRequired',
  [M.phoneInvalid]: 'validation.phoneInvalid',
  [M.emailRequired]: 'validation.emailRequired',
  [M.emailInvalid]: 'validation.emailInvalid',
};
