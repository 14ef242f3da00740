import { Chip } from '@mui/material';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';

/** The 'Mode démo' chip itself: its own chunk, loaded only when the server runs with demo data. */
export function DemoChip() {
  const { t } = useTranslation('common');
  return (
    <Chip
      icon={<ScienceIcon />}
      label={t('demoMode')}
      size="small"
      sx={{ fontWeight: 600, bgcolor: '#fef3c7', color: '#78350f', '& .MuiChip-icon': { color: '#92400e' }, '& .MuiChip-label': { whiteSpace: 'nowrap' } }}
    />
  );
}
