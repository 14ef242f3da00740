import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, InputAdornment, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTIONNAIRE_LIMITS, type AnswerValue, type Question } from '@wellbe/shared/schemas/questionnaires';
import { DateLocalization } from '../../../components/date-localization.tsx';

interface Props {
  question: Question;
  value: AnswerValue | undefined;
  error?: string;
  onChange: (value: AnswerValue) => void;
}

/** The question's label as a legend, its help and the error under it (one shape for every type). */
function Choice({ question, error, labelId, children }: { question: Question; error?: string; labelId: string; children: React.ReactNode }) {
  const { t } = useTranslation('questionnaires');
  return (
    <FormControl error={!!error} required={question.required} component="fieldset" sx={{ width: '100%' }}>
      <FormLabel id={labelId} component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
        {question.label}
      </FormLabel>
      {question.help && <Typography variant="body2" color="textSecondary">{question.help}</Typography>}
      {children}
      <FormHelperText>{error ?? (question.required ? t('form.required') : ' ')}</FormHelperText>
    </FormControl>
  );
}

/** One question of a questionnaire as the patient answers it (phone screen or desktop page). */
export function QuestionField({ question, value, error, onChange }: Props) {
  const { t } = useTranslation('questionnaires');
  const labelId = useId();
  const helper = error ?? (question.required ? t('form.required') : question.help);
  switch (question.type) {
    case 'single':
    case 'yesNo': {
      const options = question.type === 'single' ? question.options : [{ value: 'true', label: t('form.yes') }, { value: 'false', label: t('form.no') }];
      const current = question.type === 'yesNo' ? (value == null ? '' : String(value)) : ((value as string | null) ?? '');
      return (
        <Choice question={question} error={error} labelId={labelId}>
          <RadioGroup aria-labelledby={labelId} value={current} onChange={(e) => onChange(question.type === 'yesNo' ? e.target.value === 'true' : e.target.value)}>
            {options.map((o) => (
              <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
            ))}
          </RadioGroup>
        </Choice>
      );
    }
    case 'multiple': {
      const picked = Array.isArray(value) ? value : [];
      return (
        <Choice question={question} error={error} labelId={labelId}>
          <FormGroup aria-labelledby={labelId}>
            {question.options.map((o) => (
              <FormControlLabel key={o.value} label={o.label} control={<Checkbox checked={picked.includes(o.value)} onChange={(e) => onChange(e.target.checked ? [...picked, o.value] : picked.filter((x) => x !== o.value))} />} />
            ))}
          </FormGroup>
        </Choice>
      );
    }
    case 'scale':
      return (
        <Choice question={question} error={error} labelId={labelId}>
          {/* A scale reads from 0 to 10 left to right in every language, its end labels with it. */}
          <Box dir="ltr">
            <RadioGroup row aria-labelledby={labelId} value={value == null ? '' : String(value)} onChange={(e) => onChange(Number(e.target.value))} sx={{ gap: 0.25 }}>
              {Array.from({ length: 11 }, (_, n) => (
                <FormControlLabel key={n} value={String(n)} control={<Radio size="small" />} label={String(n)} labelPlacement="bottom" sx={{ mx: 0, minWidth: 36 }} />
              ))}
            </RadioGroup>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography variant="body2" color="textSecondary"><bdi>0 : {question.minLabel}</bdi></Typography>
              <Typography variant="body2" color="textSecondary"><bdi>10 : {question.maxLabel}</bdi></Typography>
            </Box>
          </Box>
        </Choice>
      );
    case 'number':
      return (
        <TextField
          label={question.label}
          required={question.required}
          type="number"
          fullWidth
          value={value == null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
          error={!!error}
          helperText={error ?? (question.min != null && question.max != null ? t('form.between', { min: question.min, max: question.max, unit: question.unit }) : helper)}
          slotProps={{ input: { endAdornment: question.unit ? <InputAdornment position="end">{question.unit}</InputAdornment> : undefined }, htmlInput: { min: question.min ?? undefined, max: question.max ?? undefined, step: question.decimals ? 10 ** -question.decimals : 1, inputMode: 'decimal' } }}
        />
      );
    case 'date':
      return (
        <DateLocalization>
          <DatePicker
            label={question.label}
            format="DD/MM/YYYY"
            value={typeof value === 'string' && value ? dayjs(value) : null}
            onChange={(v) => onChange(v && v.isValid() ? v.format('YYYY-MM-DD') : null)}
            slotProps={{ textField: { fullWidth: true, required: question.required, error: !!error, helperText: helper }, field: { clearable: true } }}
          />
        </DateLocalization>
      );
    case 'text':
    case 'longText':
      return (
        <TextField
          label={question.label}
          required={question.required}
          fullWidth
          multiline={question.type === 'longText'}
          minRows={question.type === 'longText' ? 3 : undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          error={!!error}
          helperText={helper}
          slotProps={{ htmlInput: { maxLength: question.type === 'text' ? QUESTIONNAIRE_LIMITS.shortText : QUESTIONNAIRE_LIMITS.longText } }}
        />
      );
  }
}
