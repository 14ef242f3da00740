import type { Area } from '@wellbe/shared/routes';
import type { Role } from '@wellbe/shared/roles';
import { INFO_OUTLINED_ICON } from '../components/chrome-icons.ts';

// The title a page draws first, written by the server into the frame it sends (issue 31): on a
// phone the browser paints the page's name with the toolbar, from the HTML alone, ~2 s before the
// scripts have drawn the page; React then draws the page's own <PageHeader> h1 in the same place
// and size (components/app-shell.css .wb-shell-h1 is MUI's h1 of lib/theme.ts, at the top of the
// layout's main). Listed: the pages whose first screen starts with that h1 for every role that
// opens them, whatever their data. e2e/first-title.spec.ts checks, page by page, that the title of
// the HTML is the page's h1, text and box.
//
// The build resolves each key in the four languages into route-preloads.json (vite.preloads.ts);
// the server writes them all, and the language index.html's first script put on <html> shows.

export interface FirstTitle {
  /** The i18n key of the page's h1, with its namespace. */
  key: string;
  /** The width of the page's centred column (its outer Box's maxWidth), if it has one. */
  column?: number;
  /** Whether the page pads itself inside the layout's main (16 px, 24 px from MUI's md, 900 px). */
  inset?: boolean;
}

export const FIRST_TITLES: Partial<Record<Area, FirstTitle>> = {
  messaging: { key: 'chat:messaging' },
  appointments: { key: 'agenda:appointments.title' },
  'sport-today': { key: 'sport:today.title', column: 720 },
  'my-menu': { key: 'dietetics:myMenu.title' },
  agenda: { key: 'agenda:title' },
  patients: { key: 'patients:list.title', inset: true },
};

/**
 * A notice a page draws first for some roles, under the dashboard's greeting: the server writes it
 * into the frame (in the four languages, shown for the roles listed: index.html's first script puts
 * the stored token's role on <html>, app-shell.css shows the notice for it), so that a patient's
 * phone paints the largest text of their /dashboard from the HTML (issue 31). The page then draws
 * the same markup (components/notice.css) in the same place and size: e2e/first-title.spec.ts.
 * A role listed here needs its rule in app-shell.css (`html[data-wb-role=…]`).
 */
export interface FirstNotice {
  /** The notice's text and its action's label, i18n keys with their namespace. */
  key: string;
  action: string;
  /** Its icon's SVG path (components/chrome-icons.ts). */
  icon: string;
  roles: Role[];
  /**
   * The i18n key of the greeting above the notice, drawn for every role, `{{name}}` filled in by
   * index.html's code loader from the name the session stored (shared boot.ts): a practitioner's
   * /dashboard paints its largest text, « Bonjour Julien », from the HTML too.
   */
  greeting?: string;
}

export const FIRST_NOTICES: Partial<Record<Area, FirstNotice>> = {
  dashboard: { key: 'records:myData.shortcut', action: 'records:myData.open', icon: INFO_OUTLINED_ICON, roles: ['PT'], greeting: 'dashboard:greeting' },
};
