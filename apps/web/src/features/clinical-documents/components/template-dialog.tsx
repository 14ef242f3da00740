import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_FIELDS } from '@wellbe/shared/domain/clinical-documents';
import { DOCUMENT_KINDS, type ClinicalDocumentKind, type PrescriptionLine } from '@wellbe/shared/schemas/clinical-documents';
import { isApiError } from '../../../lib/api.ts';
import { useTemplateChange, type TemplateRow } from '../api/clinical-documents.ts';
import { emptyLine, OrdonnanceLines } from './ordonnance-lines.tsx';

/**
 * Creates or edits a template: its kind (fixed once created), name, text with the allowed fields
 * inserted from a list (so none is misspelt), an ordonnance's lines, and whether it is the practice's.
 */
export function TemplateDialog({ template, mayShare, onClose }: { template: TemplateRow | null; mayShare: boolean; onClose: () => void }) {
  const { t } = useTranslation('clinicalDocuments');
  const change = useTemplateChange();
  const [kind, setKind] = useState<ClinicalDocumentKind>(template?.kind ?? 'certificat');
  const [name, setName] = useState(template?.name ?? '');
  const [text, setText] = useState(template?.content.text ?? '');
  const [lines, setLines] = useState<PrescriptionLine[]>(template?.content.lines?.length ? template.content.lines : [emptyLine()]);
  const [shared, setShared] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);

  /** Inserts {{field}} where the cursor is in the text (at its end when it has no focus yet). */
  const insert = (field: string) => {
    const at = textRef.current?.selectionStart ?? text.length;
    setText(`${text.slice(0, at)}{{${field}}}${text.slice(at)}`);
  };
  const save = () => {
    const filled = lines.filter((l) => l.text.trim());
    const content = { ...template?.content, text, lines: kind === 'ordonnance' && filled.length ? filled : undefined };
    change.mutate({ id: template?.id, body: { kind, name, content, shared: template ? undefined : shared } }, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="template-dialog-title">
      <DialogTitle id="template-dialog-title">{template ? t('templates.edit') : t('templates.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label={t('write.kind')} value={kind} onChange={(e) => setKind(e.target.value as ClinicalDocumentKind)} disabled={!!template} sx={{ minWidth: 200 }}>
              {DOCUMENT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`kind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('templates.name')} value={name} onChange={(e) => setName(e.target.value)} fullWidth required slotProps={{ htmlInput: { maxLength: 120 } }} />
          </Stack>
          {kind === 'ordonnance' && <OrdonnanceLines lines={lines} onChange={setLines} />}
          <TextField select label={t('templates.insertField')} value="" onChange={(e) => insert(e.target.value)} sx={{ maxWidth: 320 }}>
            {TEMPLATE_FIELDS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`templates.fields.${f}`)} <span dir="ltr">{` {{${f}}}`}</span>
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('write.text')} value={text} onChange={(e) => setText(e.target.value)} multiline minRows={4} inputRef={textRef} />
          {!template && mayShare && <FormControlLabel control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />} label={t('templates.sharedChoice')} />}
          {change.isError && <Alert severity="error">{isApiError(change.error) ? change.error.message : t('loadError')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('templates.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!name.trim() || change.isPending}>
          {t('templates.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
