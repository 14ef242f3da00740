import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { CONTACT_LIMITS, type VCardImportResult } from '@wellbe/shared/schemas/contacts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useVCardImport } from '../api/vcard.ts';
import { fullName } from './contact-details.tsx';

/** Import a .vcf: the server reads it and answers a preview (new cards, duplicates by email or phone); then all are created, or none. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [vcf, setVcf] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<VCardImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importer = useVCardImport();

  async function choose(file: File | undefined) {
    setError(null);
    setPreview(null);
    if (!file) return;
    if (file.size > CONTACT_LIMITS.vcardBytes) {
      setError(t('import.tooBig'));
      return;
    }
    const text = await file.text();
    setFileName(file.name);
    setVcf(text);
    importer.mutate({ vcf: text, dryRun: true }, { onSuccess: setPreview, onError: (err) => setError(isApiError(err) ? err.message : t('import.failed')) });
  }

  function confirm() {
    if (!vcf) return;
    importer.mutate(
      { vcf, dryRun: false },
      {
        onSuccess: (result) => {
          notify(t('import.done', { count: result.created }), 'success');
          onClose();
        },
        onError: (err) => setError(isApiError(err) ? err.message : t('import.failed')),
      },
    );
  }

  const fresh = preview ? preview.rows.filter((r) => !r.duplicateOf).length : 0;
  return (
    <Dialog open onClose={importer.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('import.help')}</DialogContentText>
        <input ref={input} type="file" accept=".vcf,text/vcard,text/x-vcard" hidden data-testid="vcf-input" onChange={(e) => void choose(e.target.files?.[0])} />
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()} disabled={importer.isPending}>
          {fileName || t('import.choose')}
        </Button>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {preview && (
          <Box sx={{ mt: 2, overflowX: 'auto' }}>
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('import.summary', { count: preview.rows.length, fresh, duplicates: preview.rows.length - fresh })}
            </Alert>
            <Table size="small" aria-label={t('import.previewTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.name')}</TableCell>
                  <TableCell>{t('fields.email')}</TableCell>
                  <TableCell>{t('fields.phone')}</TableCell>
                  <TableCell>{t('import.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.map((r) => (
                  <TableRow key={r.index}>
                    <TableCell>{fullName(r.contact)}</TableCell>
                    <TableCell>
                      <bdi>{r.contact.email}</bdi>
                    </TableCell>
                    <TableCell>
                      <bdi>{r.contact.phone}</bdi>
                    </TableCell>
                    <TableCell>
                      {r.duplicateOf ? <Chip size="small" color="warning" label={t('import.duplicate', { name: fullName(r.duplicateOf) })} /> : <Chip size="small" color="success" label={t('import.new')} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={importer.isPending}>
          {t('form.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!preview || fresh === 0 || importer.isPending}>
          {t('import.confirm', { count: fresh })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
