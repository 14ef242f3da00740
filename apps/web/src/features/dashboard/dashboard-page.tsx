import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { menuFor, patientSpaceFor, USER_MENU } from '@wellbe/shared/navigation';
import { can } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import { DASHBOARD_ADMINISTRATION_ROLES, DASHBOARD_PRACTITIONER_ROLES, DASHBOARD_WELLBE_ROLES } from '@wellbe/shared/domain/dashboard';
import { useSession } from '../../lib/session.ts';
import { RevealWhenSettled } from '../../components/reveal-when-settled.tsx';
import { MyDataShortcut } from './my-data-shortcut.tsx';
import { GreetingCard } from './greeting-card.tsx';
import { Shortcuts } from './shortcuts.tsx';

// The cards of the administration, WellBe and patient roles are in their own chunk: each role
// reads a part of them, and the first load of /dashboard stays within its budget (issue 13).
const roleCards = () => import('./role-cards.tsx');
const practitionerCards = () => import('./practitioner-cards.tsx');
const RoleCards = lazy(() => roleCards().then((m) => ({ default: m.RoleCards })));
const PractitionerCards = lazy(() => practitionerCards().then((m) => ({ default: m.PractitionerCards })));
// The statistics/recent patients cards and "À lire" are drawn after the first paint, inside
// RevealWhenSettled: their chunks keep MUI's lists out of the first load (bundle-budget.test.ts).
const dayCards = () => import('./day-cards.tsx');
const toRead = () => import('./to-read-section.tsx');
const DayCards = lazy(() => dayCards().then((m) => ({ default: m.DayCards })));
const ToReadSection = lazy(() => toRead().then((m) => ({ default: m.ToReadSection })));
// The Facturation card: its own small chunk, loaded only for the roles that bill or keep the books.
const InvoicesCard = lazy(() => import('./invoices-card.tsx').then((m) => ({ default: m.InvoicesCard })));
// The cards' chunks (and MUI's lists and form parts they bring, their texts, their requests) are asked
// for once the greeting has been painted, when RevealWhenSettled draws them: asked for with the
// page's, they took a phone's bandwidth and main thread before its first screen was drawn (issue 31).
const practitionerRole = (role: Role) => DASHBOARD_PRACTITIONER_ROLES.includes(role);
const roleCardsRole = (role: Role) => role === 'PT' || DASHBOARD_ADMINISTRATION_ROLES.includes(role) || DASHBOARD_WELLBE_ROLES.includes(role);

/** /dashboard: greets the user by name, shows role and organisation, links to the screens the role allows. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'navigation', 'common']);
  const { user, role } = useSession();
  if (!user || !role) return null;
  const links = [
    ...menuFor(role, undefined, user.data.idJobSpecialist).filter((i) => i.id !== 'dashboard').map((i) => ({ ...i, label: `navigation:menu.${i.key}` })),
    ...patientSpaceFor(role).map((i) => ({ ...i, label: `navigation:patientSpace.${i.key}` })),
    ...menuFor(role, USER_MENU).filter((i) => i.id !== 'logout').map((i) => ({ ...i, label: `navigation:user.${i.key}` })),
  ];
  const parts = [...(practitionerRole(role) ? [practitionerCards] : []), ...(roleCardsRole(role) ? [roleCards] : []), dayCards, toRead];
  // The texts the cards ask for (each card's useTranslation), with their chunks rather than after them.
  const texts = [...(practitionerRole(role) || role === 'PT' ? ['dashboardCards', 'agenda'] : []), ...(role === 'PT' ? ['dietetics'] : []), ...(can(role, 'invoices') ? ['invoices'] : []), 'editorial'];
  return (
    <div>
      <GreetingCard user={user} role={role} />

      <MyDataShortcut />
      {/* No Suspense boundary of their own: RevealWhenSettled's one boundary shows the region once all its parts have rendered. */}
      <RevealWhenSettled chunks={parts} namespaces={texts} label={t('common:table.loading')}>
        {practitionerRole(role) && <PractitionerCards role={role} />}
        <DayCards role={role} />
        {can(role, 'invoices') && <InvoicesCard />}
        {roleCardsRole(role) && <RoleCards role={role} />}
        <ToReadSection />
        <Shortcuts links={links} />
      </RevealWhenSettled>
    </div>
  );
}

