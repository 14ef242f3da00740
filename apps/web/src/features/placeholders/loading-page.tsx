import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function LoadingPage() {
  const { t } = useTranslation('pages');
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <CircularProgress aria-label={t('loading.title')} />
        <Typography variant="h1" sx={{ fontSize: '1.2rem' }}>
          {t('loading.title')}
        </Typography>
      </Box>
    </Box>
  );
}
