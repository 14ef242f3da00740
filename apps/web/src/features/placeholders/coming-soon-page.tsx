import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

export function ComingSoonPage() {
  const { t } = useTranslation('pages');
  return <StatusPage icon={<HourglassIcon sx={{ fontSize: 64 }} />} title={t('comingSoon.title')} text={t('comingSoon.text')} action={{ to: '/dashboard', label: t('backToDashboard') }} />;
}
