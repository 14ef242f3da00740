import BuildIcon from '@mui/icons-material/BuildOutlined';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

/** SPEC §2: also where the Statistiques menu entry points (developer only). */
export function MaintenancePage() {
  const { t } = useTranslation('pages');
  return <StatusPage icon={<BuildIcon sx={{ fontSize: 64 }} />} title={t('maintenance.title')} text={t('maintenance.text')} action={{ to: '/dashboard', label: t('backToDashboard') }} />;
}
