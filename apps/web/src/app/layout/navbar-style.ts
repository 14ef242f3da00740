import { NAVBAR_STYLES, type NavbarStyle } from '@wellbe/shared/constants';
import { useOrganisationSettings } from '../../lib/organisation-settings.ts';
import { useSession } from '../../lib/session.ts';

// SPEC §4: style-1, style-2 (folded), style-3, style-3-dense, kept per user in settings.layout.navbar.style;
// a user who never chose one gets their organisation's default (the admin's 'Paramètres' tab).
export function isNavbarStyle(value: unknown): value is NavbarStyle {
  return typeof value === 'string' && (NAVBAR_STYLES as readonly string[]).includes(value);
}

export function useNavbarStyle(): NavbarStyle {
  const { user } = useSession();
  const { navbarStyle } = useOrganisationSettings();
  const style = user?.data.settings?.layout?.navbar?.style;
  return isNavbarStyle(style) ? style : navbarStyle;
}
