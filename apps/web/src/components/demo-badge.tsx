import { Box } from '@mui/material';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import { useMeta } from '../lib/meta.ts';

/**
 * DESIGN §5: a visible 'Mode démo' badge when the server runs with demo data. A plain span drawn
 * like a small chip (MUI's Chip would add its chunk to the first load of /login).
 */
export function DemoBadge() {
  const { t } = useTranslation('common');
  if (!useMeta()?.demo) return null;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        height: 24,
        px: 1,
        borderRadius: 3,
        fontSize: '0.8125rem',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        bgcolor: '#fef3c7',
        color: '#78350f',
        '& svg': { fontSize: 18, color: '#92400e' },
      }}
    >
      <ScienceIcon aria-hidden />
      {t('demoMode')}
    </Box>
  );
}
