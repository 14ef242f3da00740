import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, type QuestionType } from '@wellbe/shared/schemas/questionnaires';

/** A question as the builder edits it: every type's fields at once, options as one per line. */
export interface DraftQuestion {
  id: string;
  type: QuestionType;
  label: string;
  required: boolean;
  options: string;
  minLabel: string;
  maxLabel: string;
  unit: string;
  min: string;
  max: string;
  conditionOn: string;
  conditionValue: string;
}

export function newQuestion(n: number): DraftQuestion {
  return { id: `q${n}`, type: 'text', label: '', required: false, options: '', minLabel: '', maxLabel: '', unit: '', min: '', max: '', conditionOn: '', conditionValue: '' };
}

interface Props {
  q: DraftQuestion;
  index: number;
  earlier: DraftQuestion[];
  onChange: (q: DraftQuestion) => void;
  onRemove: () => void;
  onUp?: () => void;
}

/** One question of the builder: label, type, required, and the fields its type needs. */
export function QuestionEditor({ q, index, earlier, onChange, onRemove, onUp }: Props) {
  const { t } = useTranslation('questionnaires');
  const set = (patch: Partial<DraftQuestion>) => onChange({ ...q, ...patch });
  const choice = q.type === 'single' || q.type === 'multiple';
  return (
    <Box component="li" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1.5 }} aria-label={t('builder.questionN', { n: index + 1 })}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField label={t('builder.questionN', { n: index + 1 })} value={q.label} onChange={(e) => set({ label: e.target.value })} fullWidth required />
        <TextField select label={t('builder.type')} value={q.type} onChange={(e) => set({ type: e.target.value as QuestionType })} sx={{ minWidth: 200 }}>
          {QUESTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>{t(`types.${type}`)}</MenuItem>
          ))}
        </TextField>
      </Stack>
      {choice && <TextField label={t('builder.options')} helperText={t('builder.optionsHelp')} value={q.options} onChange={(e) => set({ options: e.target.value })} multiline minRows={2} />}
      {q.type === 'scale' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField label={t('builder.minLabel')} value={q.minLabel} onChange={(e) => set({ minLabel: e.target.value })} fullWidth />
          <TextField label={t('builder.maxLabel')} value={q.maxLabel} onChange={(e) => set({ maxLabel: e.target.value })} fullWidth />
        </Stack>
      )}
      {q.type === 'number' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField label={t('builder.unit')} value={q.unit} onChange={(e) => set({ unit: e.target.value })} />
          <TextField label={t('builder.min')} type="number" value={q.min} onChange={(e) => set({ min: e.target.value })} />
          <TextField label={t('builder.max')} type="number" value={q.max} onChange={(e) => set({ max: e.target.value })} />
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField select label={t('builder.showIf')} value={q.conditionOn} onChange={(e) => set({ conditionOn: e.target.value })} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }} sx={{ minWidth: 220 }}>
          <MenuItem value="">{t('builder.always')}</MenuItem>
          {earlier.map((e, i) => (
            <MenuItem key={e.id} value={e.id}>{t('common:labelled', { label: t('builder.questionN', { n: i + 1 }) })} {e.label}</MenuItem>
          ))}
        </TextField>
        {q.conditionOn && <TextField label={t('builder.equals')} helperText={t('builder.equalsHelp')} value={q.conditionValue} onChange={(e) => set({ conditionValue: e.target.value })} />}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControlLabel control={<Checkbox checked={q.required} onChange={(e) => set({ required: e.target.checked })} />} label={t('builder.required')} />
        <Box sx={{ flex: 1 }} />
        {onUp && (
          <Tooltip title={t('builder.up')}>
            <IconButton aria-label={t('builder.up')} onClick={onUp}><ArrowUpwardIcon /></IconButton>
          </Tooltip>
        )}
        <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={onRemove}>{t('builder.remove')}</Button>
      </Stack>
    </Box>
  );
}
