import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PatientDocument } from '@wellbe/shared/schemas/patient-files';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { documentPath, fetchBlob, saveBlob } from '../api/files.ts';
import { usePatientDocuments } from '../api/patient-file.ts';
import { filePath } from '../paths.ts';
import { Ltr } from '../../../components/ltr.tsx';

export const previewable = (mime: string) => mime.startsWith('image/') || mime === 'application/pdf';

/** Preview (images and PDFs) and download buttons of one document, in every list of documents. */
export function DocumentActions({ doc, onPreview }: { doc: { idDocument: string; fileName: string; mimeType: string }; onPreview: () => void }) {
  const { t } = useTranslation('patients');
  return (
    <>
      {previewable(doc.mimeType) && (
        <Tooltip title={t('documents.preview')}>
          <IconButton size="small" aria-label={`${t('documents.preview')} ${doc.fileName}`} onClick={onPreview}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('documents.download')}>
        <IconButton size="small" aria-label={`${t('documents.download')} ${doc.fileName}`} onClick={() => void downloadDocument(doc, t('file.loadError'))}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

function kind(mime: string): 'pdf' | 'image' | 'word' | 'other' {
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  if (mime.includes('word')) return 'word';
  return 'other';
}

/** Download through the authorised, audited route (the bearer token goes with it). */
export async function downloadDocument(doc: { idDocument: string; fileName: string }, errorText: string) {
  try {
    saveBlob(await fetchBlob(documentPath(doc.idDocument)), doc.fileName);
  } catch (error) {
    notify(error instanceof Error && error.message ? error.message : errorText, 'error');
  }
}

/** In-page preview of an image or a PDF, from the inline variant of the download route. */
export function PreviewDialog({ doc, onClose }: { doc: { idDocument: string; fileName: string; mimeType: string }; onClose: () => void }) {
  const { t } = useTranslation('patients');
  const titleId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchBlob(documentPath(doc.idDocument), { inline: '1' }).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setUrl(objectUrl);
      },
      (e: unknown) => live && setError(e instanceof Error && e.message ? e.message : t('file.loadError')),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [doc.idDocument, t]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('documents.previewOf', { name: doc.fileName })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 300, bgcolor: 'grey.100' }}>
        {error && <Alert severity="error">{error}</Alert>}
        {!error && !url && <CircularProgress aria-label={t('file.loading')} />}
        {url && doc.mimeType.startsWith('image/') && <Box component="img" src={url} alt={doc.fileName} sx={{ maxWidth: '100%', maxHeight: '70vh' }} />}
        {url && doc.mimeType === 'application/pdf' && <Box component="iframe" src={url} title={doc.fileName} sx={{ width: '100%', height: '70vh', border: 0 }} />}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<DownloadIcon />} onClick={() => void downloadDocument(doc, t('file.loadError'))}>
          {t('documents.download')}
        </Button>
        <Button onClick={onClose}>{t('documents.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The 'documents' tab: every document of every consultation of the file. */
export function DocumentsTab({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('patients');
  const documents = usePatientDocuments(idPatient);
  const [preview, setPreview] = useState<PatientDocument | null>(null);
  if (documents.isPending) return <CircularProgress size={28} aria-label={t('file.loading')} />;
  if (documents.isError) return <Alert severity="error">{documents.error.message}</Alert>;
  if (!documents.data.length) return <Typography color="textSecondary">{t('documents.empty')}</Typography>;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('documents.title')}>
          <TableHead>
            <TableRow>
              {(['name', 'type', 'size', 'date', 'consultation'] as const).map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600 }} align={c === 'size' ? 'right' : undefined}>
                  {t(`documents.${c}`)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {documents.data.map((d) => (
              <TableRow key={d.idDocument} hover>
                <TableCell sx={{ wordBreak: 'break-all' }}>{d.fileName}</TableCell>
                <TableCell>{t(`documents.types.${kind(d.mimeType)}`)}</TableCell>
                {/* SPEC §5: size in kb is size/1000 rounded. */}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Ltr>{t('documents.sizeKb', { size: Math.round(d.sizeBytes / 1000) })}</Ltr>
                </TableCell>
                <TableCell>
                  <Ltr>{formatDate(d.createdAt)}</Ltr>
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={filePath('consultations', idPatient, d.idConsultation)}>
                    <Ltr>{formatDate(d.consultationDate)}</Ltr>
                  </Link>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <DocumentActions doc={d} onPreview={() => setPreview(d)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {preview && <PreviewDialog doc={preview} onClose={() => setPreview(null)} />}
    </>
  );
}
