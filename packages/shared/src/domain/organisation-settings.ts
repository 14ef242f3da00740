import { MAX_UPLOAD_BYTES } from '../constants.ts';
import { DEFAULT_TIME_ZONE } from './dates.ts';
import type { OrganisationSettingsValues } from '../schemas/organisations.ts';

// The settings of an organisation that has not changed them (the schema is in schemas/organisations.ts:
// this module has no zod, the web app's layout imports it, issue 13).
export const DEFAULT_SETTINGS: OrganisationSettingsValues = {
  language: 'fr',
  navbarStyle: 'style-1',
  uploadLimitBytes: MAX_UPLOAD_BYTES,
  timeZone: DEFAULT_TIME_ZONE,
  sessionMaxHours: 12,
  // Organisations created before the second factor existed (the demo one included) keep it
  // optional; a new organisation is created with it required (NEW_ORGANISATION_SETTINGS).
  mfaRequired: false,
  consultationLockHours: 24,
};
