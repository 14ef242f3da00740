import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The 10 recovery codes, shown once after enrolment: the user writes them down now. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('common');
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('recoveryCodes.warning')}
      </Alert>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('recoveryCodes.title')}
      </Typography>
      <Box component="ol" data-testid="recovery-codes" dir="ltr" sx={{ columns: 2, fontFamily: 'monospace', fontSize: '1rem', pl: 3, m: 0 }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
    </Box>
  );
}
