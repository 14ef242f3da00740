import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_FIELDS } from '@wellbe/shared/domain/clinical-documents';
import { CERTIFICATE_TYPES, DOCUMENT_KINDS, type ClinicalDocumentKind, type DocumentContent, type PrescriptionLine } from '@wellbe/shared/schemas/clinical-documents';
import { isApiError } from '../../../lib/api.ts';
import { useIssueDocument, useTemplates, type IssuedDocument } from '../api/clinical-documents.ts';
import { emptyLine, OrdonnanceLines } from './ordonnance-lines.tsx';

type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/** Writes an ordonnance, a certificate or a letter, from a template or not; the server fills the fields, signs and numbers it. */
export function WriteForm({ patientId, consultationId, onIssued }: { patientId: string; consultationId?: string; onIssued: (doc: IssuedDocument) => void }) {
  const { t } = useTranslation('clinicalDocuments');
  const [kind, setKind] = useState<ClinicalDocumentKind>('ordonnance');
  const [templateId, setTemplateId] = useState('');
  const [lines, setLines] = useState<PrescriptionLine[]>([emptyLine()]);
  const [format, setFormat] = useState<'A4' | 'A5'>('A4');
  const [certificateType, setCertificateType] = useState<CertificateType>('sport');
  const [sport, setSport] = useState('');
  const [competition, setCompetition] = useState(false);
  const [text, setText] = useState('');
  const [sendToPatient, setSendToPatient] = useState(false);
  const templates = useTemplates(kind);
  const issue = useIssueDocument();

  const content = (): DocumentContent => {
    const written = text.trim() ? { text } : {};
    if (kind === 'ordonnance') {
      const filled = lines.filter((l) => l.text.trim());
      return { ...written, format, ...(filled.length || !templateId ? { lines: filled } : {}) };
    }
    if (kind === 'certificat') return { ...written, certificateType, ...(certificateType === 'sport' ? { sport, competition } : {}) };
    return written;
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    issue.mutate({ kind, patientId, consultationId, templateId: templateId || undefined, content: content(), sendToPatient }, { onSuccess: onIssued });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }} aria-label={t('write.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label={t('write.kind')} value={kind} onChange={(e) => (setKind(e.target.value as ClinicalDocumentKind), setTemplateId(''))} sx={{ minWidth: 200 }}>
          {DOCUMENT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('write.template')} value={templateId} onChange={(e) => setTemplateId(e.target.value)} sx={{ minWidth: 260 }}>
          <MenuItem value="">{t('write.noTemplate')}</MenuItem>
          {(templates.data ?? []).map((tpl) => (
            <MenuItem key={tpl.id} value={tpl.id}>
              {tpl.name}
            </MenuItem>
          ))}
        </TextField>
        {kind === 'ordonnance' && (
          <TextField select label={t('write.format')} value={format} onChange={(e) => setFormat(e.target.value as 'A4' | 'A5')} sx={{ minWidth: 100 }}>
            <MenuItem value="A4">A4</MenuItem>
            <MenuItem value="A5">A5</MenuItem>
          </TextField>
        )}
      </Stack>
      {kind === 'ordonnance' && <OrdonnanceLines lines={lines} onChange={setLines} />}
      {kind === 'certificat' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField select label={t('write.certificateType')} value={certificateType} onChange={(e) => setCertificateType(e.target.value as CertificateType)} sx={{ minWidth: 280 }}>
            {CERTIFICATE_TYPES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`write.certificateTypes.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          {certificateType === 'sport' && (
            <>
              <TextField label={t('write.sport')} value={sport} onChange={(e) => setSport(e.target.value)} slotProps={{ htmlInput: { maxLength: 120 } }} />
              <FormControlLabel control={<Checkbox checked={competition} onChange={(e) => setCompetition(e.target.checked)} />} label={t('write.competition')} />
            </>
          )}
        </Stack>
      )}
      <TextField label={t('write.text')} value={text} onChange={(e) => setText(e.target.value)} multiline minRows={3} helperText={t('write.fieldsHelp', { fields: TEMPLATE_FIELDS.map((f) => `{{${f}}}`).join(' ') })} />
      <FormControlLabel control={<Checkbox checked={sendToPatient} onChange={(e) => setSendToPatient(e.target.checked)} />} label={t('write.sendToPatient')} />
      {issue.isError && <Alert severity="error">{isApiError(issue.error) ? issue.error.message : t('loadError')}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={issue.isPending}>
          {t('write.issue')}
        </Button>
      </Box>
    </Box>
  );
}
