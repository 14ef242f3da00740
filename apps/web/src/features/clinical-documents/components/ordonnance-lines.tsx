import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { LINE_MAX, NON_DRUG_TYPES, type PrescriptionLine } from '@wellbe/shared/schemas/clinical-documents';
import { MedicineField } from './medicine-field.tsx';

export const emptyLine = (): PrescriptionLine => ({ type: 'medicine', text: '', posology: '', duration: '' });
const TYPES = ['medicine', ...NON_DRUG_TYPES] as const;

/** The lines of an ordonnance: a medicine with its posology and duration, or a non-drug prescription. */
export function OrdonnanceLines({ lines, onChange }: { lines: PrescriptionLine[]; onChange: (lines: PrescriptionLine[]) => void }) {
  const { t } = useTranslation('clinicalDocuments');
  const set = (i: number, patch: Partial<PrescriptionLine>) => onChange(lines.map((l, j) => (j === i ? ({ ...l, ...patch } as PrescriptionLine) : l)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('write.lines')}
      </Typography>
      {lines.map((line, i) => (
        <Stack key={i} spacing={1} sx={{ p: 1.5, border: '1px solid', borderColor: 'divider', borderRadius: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label={t('write.lineType')}
              value={line.type}
              onChange={(e) => set(i, e.target.value === 'medicine' ? { type: 'medicine' } : ({ type: e.target.value } as Partial<PrescriptionLine>))}
              sx={{ minWidth: 170 }}
            >
              {TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`write.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            {line.type === 'medicine' ? (
              <MedicineField label={t('write.line', { n: i + 1 })} value={line.text} onChange={(text) => set(i, { text })} onPick={(m) => set(i, { text: m.name, form: m.form })} />
            ) : (
              <TextField size="small" fullWidth label={t('write.line', { n: i + 1 })} value={line.text} onChange={(e) => set(i, { text: e.target.value })} slotProps={{ htmlInput: { maxLength: LINE_MAX } }} />
            )}
            <IconButton aria-label={t('write.removeLine', { n: i + 1 })} onClick={() => onChange(lines.filter((_, j) => j !== i))} disabled={lines.length === 1}>
              <DeleteIcon />
            </IconButton>
          </Stack>
          {line.type === 'medicine' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField size="small" fullWidth label={t('write.posology')} value={line.posology ?? ''} onChange={(e) => set(i, { posology: e.target.value })} slotProps={{ htmlInput: { maxLength: LINE_MAX } }} />
              <TextField size="small" label={t('write.form')} value={line.form ?? ''} onChange={(e) => set(i, { form: e.target.value })} slotProps={{ htmlInput: { maxLength: 120 } }} />
              <TextField size="small" label={t('write.duration')} value={line.duration ?? ''} onChange={(e) => set(i, { duration: e.target.value })} slotProps={{ htmlInput: { maxLength: 120 } }} />
              <FormControlLabel control={<Checkbox checked={!!line.nonSubstituable} onChange={(e) => set(i, { nonSubstituable: e.target.checked })} />} label={t('write.nonSubstituable')} />
            </Stack>
          )}
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...lines, emptyLine()])}>
          {t('write.addLine')}
        </Button>
      </Box>
    </Box>
  );
}
