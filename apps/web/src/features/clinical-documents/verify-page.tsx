import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../components/public-page.tsx';
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
    <PublicPage title={t('verify.title')}>
      <Typography color="textSecondary">{t('verify.intro')}</Typography>
      {isPending && (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
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
    </PublicPage>
  );
}
