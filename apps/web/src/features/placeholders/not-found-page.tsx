import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

/** SPEC §2: /404 and any unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  return <StatusPage code="404" title={t('notFound.title')} text={t('notFound.text')} action={{ to: '/dashboard', label: t('backToDashboard') }} />;
}
