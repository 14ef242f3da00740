import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { formatDate } from '../../lib/format.ts';
import { useVerification } from './api/clinical-documents.ts';

const SEVERITY = { valid: 'success', replaced: 'warning', revoked: 'error' } as const;

/**
 * /verify/{token}: the page a paper's QR code opens (no sign-in). A pharmacist, a club or a colleague
 * sees who issued it, when, the patient's initials, the PDF's fingerprint and whether it is current;
 * never its content. A forged token shows a clear message and nothing else.
 */
export function VerifyPage() {
  const { t } = useTranslation('clinicalDocuments');
  const { token = '' } = useParams();
  const { data, isPending, isError } = useVerification(token);
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 } }}>
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
          <Logo size="small" />
          <LanguageSwitcher />
        </Box>
        <Paper elevation={0} sx={{ p: { xs: 2, md: 4 }, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2 }}>
          <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
            {t('verify.title')}
          </Typography>
          <Typography color="text.secondary">{t('verify.intro')}</Typography>
          {isPending && (
            <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <CircularProgress size={24} />
              {t('verify.loading')}
            </Box>
          )}
          {isError && <Alert severity="error">{t('verify.invalid')}</Alert>}
          {data && (
            <>
              <Alert severity={SEVERITY[data.status]} role="status">
                {t(`verify.${data.status}`)}
              </Alert>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}>
                <dt>{t('verify.kind')}</dt>
                <dd>{t(`kind.${data.kind}`)}</dd>
                <dt>{t('verify.issuedAt')}</dt>
                <dd>
                  <Ltr>{formatDate(data.issuedAt)}</Ltr>
                </dd>
                <dt>{t('verify.issuer')}</dt>
                <dd>{[data.issuer.name, data.issuer.speciality].filter(Boolean).join(' — ')}</dd>
                {data.issuer.rpps && (
                  <>
                    <dt>{t('verify.rpps')}</dt>
                    <dd>
                      <Ltr>{data.issuer.rpps}</Ltr>
                    </dd>
                  </>
                )}
                <dt>{t('verify.patient')}</dt>
                <dd>{data.patientInitials}</dd>
                <dt>{t('verify.sha256')}</dt>
                <dd style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
                  <Ltr>{data.sha256}</Ltr>
                </dd>
              </Box>
            </>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
