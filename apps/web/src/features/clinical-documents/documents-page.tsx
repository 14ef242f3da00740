import { useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, CircularProgress, Link, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { WithLtr } from '../../components/ltr.tsx';
import { notify } from '../../lib/notify.ts';
import { isApiError } from '../../lib/api.ts';
import { openPdf, usePatientDocuments, useSendDocument, type IssuedDocument } from './api/clinical-documents.ts';
import { DocumentList } from './components/document-list.tsx';
import { TemplatesCard } from './components/templates-card.tsx';
import { WriteForm } from './components/write-form.tsx';

/**
 * /documents/{idPatient}?fromConsultation={id} (not `consultation`, which the launcher reads as 'open it in the panel'): a patient's ordonnances, certificates and letters, and
 * the form that writes one (opened from the consultation panel after saving, or from the file).
 */
export function DocumentsPage() {
  const { t } = useTranslation('clinicalDocuments');
  const { idPatient = '' } = useParams();
  const [params] = useSearchParams();
  const consultationId = params.get('fromConsultation') ?? undefined;
  const documents = usePatientDocuments(idPatient);
  const send = useSendDocument();
  const [issued, setIssued] = useState<IssuedDocument | null>(null);
  const print = (doc: IssuedDocument) => openPdf(doc.pdfUrl).catch(() => notify(t('loadError'), 'error'));
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button component={RouterLink} to={`/patient/dossier/${idPatient}${consultationId ? `/${consultationId}` : ''}`}>
            {t('write.back')}
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardHeader title={<Typography component="h2" variant="h6">{t('write.title')}</Typography>} />
          <CardContent>
            {issued && (
              <Alert severity="success" role="status" sx={{ mb: 2 }} action={<Button startIcon={<PrintIcon />} onClick={() => void print(issued)}>{t('print')}</Button>}>
                <WithLtr text={(n) => t('write.issued', { number: n })} value={issued.number} />{' '}
                <Link href={issued.verifyUrl} target="_blank" rel="noopener">
                  {t('verifyLink')}
                </Link>
              </Alert>
            )}
            <WriteForm key={issued?.id ?? 'new'} patientId={idPatient} consultationId={consultationId} onIssued={setIssued} />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader title={<Typography component="h2" variant="h6">{t('title')}</Typography>} />
          <CardContent>
            {documents.isPending && <CircularProgress size={24} aria-label={t('verify.loading')} />}
            {documents.isError && <Alert severity="error">{t('loadError')}</Alert>}
            {documents.data && <DocumentList documents={documents.data} onSend={(doc) => send.mutate(doc.id, { onSuccess: () => notify(t('sent'), 'success'), onError: (err) => notify(isApiError(err) ? err.message : t('loadError'), 'error') })} />}
          </CardContent>
        </Card>
        <TemplatesCard />
      </Stack>
    </>
  );
}
