import { Alert, Card, CardContent, CardHeader, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { useMyDocuments } from './api/clinical-documents.ts';
import { DocumentList } from './components/document-list.tsx';

/** /mes-documents: the patient's ordonnances, certificates and letters (each open journalled on the server). */
export function MyDocumentsPage() {
  const { t } = useTranslation('clinicalDocuments');
  const { data, isPending, isError, error } = useMyDocuments();
  return (
    <>
      <PageHeader title={t('mine')} />
      <Card variant="outlined">
        <CardHeader title={<Typography component="h2" variant="h6">{t('title')}</Typography>} subheader={t('mineIntro')} />
        <CardContent>
          {isPending && <CircularProgress size={24} aria-label={t('verify.loading')} />}
          {isError && <Alert severity="error">{isApiError(error) ? error.message : t('loadError')}</Alert>}
          {data && <DocumentList documents={data} />}
        </CardContent>
      </Card>
    </>
  );
}
