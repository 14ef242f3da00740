import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_SETTINGS } from '@wellbe/shared/domain/organisation-settings';
import type { OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { applyDefaultLanguage, hasChosenLanguage } from '../i18n/i18n.ts';
import { ORGANISATION_SETTINGS_PATH } from '@wellbe/shared/first-requests';
import { earlyOrFetch } from './early-requests.ts';
import { setDisplayTimeZone } from './format.ts';
import { useSession } from './session.ts';
import { queryKeys } from './query-keys.ts';

// The signed-in user's organisation settings (the admin's 'Paramètres' tab): default language and navbar
// style, upload limit and the time zone of displayed times. The server applies them too; the web
// app follows them so that the limits a user sees are the ones the server enforces.
export function useOrganisationSettings(): OrganisationSettingsValues {
  const { user } = useSession();
  const { data } = useQuery({
    queryKey: queryKeys.settings.current(user?.idOrganization ?? null),
    // The answer the agenda's first period waited for (its zone) is taken if it was asked early.
    queryFn: ({ signal }) => earlyOrFetch<{ data: OrganisationSettingsValues }>(ORGANISATION_SETTINGS_PATH, signal).then((r) => r.data),
    enabled: !!user,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const settings = data ?? DEFAULT_SETTINGS;
  setDisplayTimeZone(settings.timeZone);
  return settings;
}

/**
 * The layout applies the organisation's default language to a user who never chose one, once the
 * settings have answered: until then `useOrganisationSettings` gives `DEFAULT_SETTINGS` itself, whose
 * French is nobody's default, and the page stays in the language its frame was painted in.
 */
export function useOrganisationLanguage(): void {
  const settings = useOrganisationSettings();
  const { language } = settings;
  const answered = settings !== DEFAULT_SETTINGS;
  useEffect(() => {
    if (!hasChosenLanguage() && answered) void applyDefaultLanguage(language);
  }, [language, answered]);
}
