import { Alert } from '@mui/material';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SPORT_CATALOG_NAMES, type SportCatalog, type SportCatalogItem } from '@wellbe/shared/schemas/sport';
import { isPlatformRole } from '@wellbe/shared/roles';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { ReferenceTable } from '../../components/reference-table.tsx';

const ExercisesPage = lazy(() => import('./exercises-page.tsx').then((m) => ({ default: m.ExercisesPage })));

/**
 * The routes of the 'catalogs' area: /exercices (the exercise library) and the seven sport
 * catalogs (/bodyparts … /typeofprograms), each through the reference-table screen with its own
 * title. /policy belongs to the articles work and stays 'not yet available'.
 */
export function CatalogsPage() {
  const { t } = useTranslation(['sport', 'pages']);
  const { pathname } = useLocation();
  const { role } = useSession();
  const name = pathname.replace(/^\/+|\/+$/g, '');
  if (name === 'exercices') return <ExercisesPage />;
  if (!(SPORT_CATALOG_NAMES as string[]).includes(name))
    return (
      <>
        <PageHeader title={t('pages:areas.catalogs', { defaultValue: t('pages:areas.default') })} />
        <Alert severity="info">{t('pages:unavailable.text')}</Alert>
      </>
    );
  const catalog = name as SportCatalog;
  return (
    <>
      <PageHeader title={t(`catalogs.${catalog}.title`)} subtitle={t('catalogs.subtitle')} />
      <ReferenceTable<SportCatalogItem>
        key={catalog}
        resource={`sport-catalogs/${catalog}`}
        title={t(`catalogs.${catalog}.title`)}
        intro={t('catalogs.intro')}
        createLabel={t('catalogs.create')}
        titleCreate={t('catalogs.titleCreate')}
        titleEdit={t('catalogs.titleEdit')}
        // The shared WellBe entries are written by SA and DE; the others add their organisation's own.
        mayEdit={(row) => row.organizationId !== null || isPlatformRole(role)}
      />
    </>
  );
}
