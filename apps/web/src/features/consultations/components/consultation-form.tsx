import { Box, Divider, FormControl, FormControlLabel, FormLabel, List, ListItem, ListItemText, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANTALGESIC_TREATMENTS,
  DIETETIC_FIELDS,
  DOLOR_INTENSITIES,
  DOLOR_LOCATIONS,
  hasDieteticFields,
  PREVENTION_FIELDS,
  PAIN_START_MESSAGES,
  PAIN_START_MIN,
  PREVENTION_TYPES,
  toDay,
  TREATMENT_EFFICACIES,
  type PreventionType,
} from '@wellbe/shared/domain/consultation';
import { formatDecimal, parseDecimal } from '@wellbe/shared/domain/decimal';
import { computeImc, formatImc, IMC_PLAUSIBLE } from '@wellbe/shared/domain/imc';
import { PLAIN_TEXT_MAX, RICH_TEXT_MAX, TREATMENT_NAME_MAX } from '@wellbe/shared/schemas/consultations';
import { sizeInKb } from '@wellbe/shared/schemas/documents';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useOrganisationSettings } from '../../../lib/organisation-settings.ts';
import { useSession } from '../../../lib/session.ts';
import { setFiles, updateDraft, useConsultationPanel, type ConsultationDraft } from '../consultation-store.ts';
import { checkDraft, consultationMessage, fieldId } from '../draft-validation.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' } } as const;

/** Once typed, a readable number is shown the French way ('8.2' → '8,2'); the value stays the same. */
function frenchNumber(value: string): string {
  const parsed = parseDecimal(value);
  return parsed.ok && parsed.value !== null ? formatDecimal(parsed.value) : value;
}

/** The IMC computed from the measures ('—' while one is missing or invalid), outlined when unusual. */
function ImcBox({ imc, unusual }: { imc: string; unusual: boolean }) {
  const { t } = useTranslation('consultations');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, border: 1, borderColor: unusual ? 'warning.main' : 'divider', borderRadius: 1, minHeight: 40 }}>
      <Typography variant="body2" color="textSecondary">
        {t('fields.imc')}
      </Typography>
      <Typography variant="h6" component="output" aria-live="polite" aria-label={t('fields.imc')} data-testid="imc">
        <bdi>{imc || '—'}</bdi>
      </Typography>
    </Box>
  );
}

/** The three rich-text notes; a new generation (saved, cleared, other patient) rebuilds the editors. */
function NotesSection({ draft, generation }: { draft: ConsultationDraft; generation: number }) {
  const { t } = useTranslation('consultations');
  return (
    <Section title={t('sections.notes')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {(['ConsultationNote', 'Diagnostic', 'HealthCareCategory'] as const).map((field) => (
          // A new generation (saved, cleared, other patient) rebuilds the editor: no undo into the past.
          <RichTextEditor
            key={`${field}-${generation}`}
            id={fieldId(field)}
            label={t(`fields.${field}`)}
            value={draft[field]}
            onChange={(html) => updateDraft({ [field]: html })}
            maxLength={RICH_TEXT_MAX}
          />
        ))}
      </Box>
    </Section>
  );
}

/** The documents already attached (when editing) and the files to upload with the save. */
function DocumentsSection() {
  const { t } = useTranslation('consultations');
  const { files, mode, editing } = useConsultationPanel();
  const { uploadLimitBytes } = useOrganisationSettings();
  return (
    <Box component="section" aria-label={t('sections.documents')} sx={{ mb: 1 }}>
      {mode === 'edit' && editing && editing.documents.length > 0 && (
        <>
          <Typography variant="body2" color="textSecondary">
            {t('panel.existingDocuments')}
          </Typography>
          <List dense>
            {editing.documents.map((d) => (
              <ListItem key={d.idDocument}>
                <ListItemText primary={d.fileName} secondary={t('upload.size', { kb: sizeInKb(d.size) })} />
              </ListItem>
            ))}
          </List>
          <Divider sx={{ mb: 2 }} />
        </>
      )}
      <UploadField label={t('fields.uploadFiles')} files={files} onChange={setFiles} limitBytes={uploadLimitBytes} />
    </Box>
  );
}

/** The SPEC §3 consultation form; every change goes straight to the shared draft (SPEC §4). */
export function ConsultationForm() {
  const { t, i18n } = useTranslation('consultations');
  const { user } = useSession();
  const { draft, patient, generation } = useConsultationPanel();
  const [pickerInvalid, setPickerInvalid] = useState(false);
  const idJobSpecialist = user?.data.idJobSpecialist ?? null;
  const dietetic = hasDieteticFields(idJobSpecialist);
  const treated = draft.antalgesicTreatment === 'Oui';
  const check = checkDraft(draft, { birthDate: patient?.birthDate, idJobSpecialist });
  const { errors } = check;
  // While a measure is invalid there is no IMC: a number computed from a wrong value misleads.
  const imc = errors.Size || errors.Weight ? '' : formatImc(check.weight, check.size);
  const imcValue = errors.Size || errors.Weight ? null : computeImc(check.weight, check.size);
  const imcUnusual = imcValue !== null && (imcValue < IMC_PLAUSIBLE.min || imcValue > IMC_PLAUSIBLE.max);
  // As the rich-text editor's counter: numbers in the reader's notation, the line isolated (<bdi>);
  // Arabic isolates « n / max » left to right in its translation.
  const count = (n: number, max: number) => <bdi>{t('limits.counter', { n: formatNumber(n, i18n.language), max: formatNumber(max, i18n.language) })}</bdi>;

  const text = (field: keyof ConsultationDraft, extra: { multiline?: boolean } = {}) => {
    const length = draft[field].length;
    // The limit shows once the text nears it, and the field turns red beyond it (nothing is cut).
    const helper = errors[field] ?? (length >= PLAIN_TEXT_MAX * 0.8 ? count(length, PLAIN_TEXT_MAX) : undefined);
    return (
      <TextField
        id={fieldId(field)}
        label={t(`fields.${field}`)}
        value={draft[field]}
        onChange={(e) => updateDraft({ [field]: e.target.value })}
        fullWidth
        size="small"
        multiline={extra.multiline}
        minRows={extra.multiline ? 1 : undefined}
        error={!!errors[field]}
        helperText={helper}
      />
    );
  };
  const number = (field: 'Size' | 'Weight', label: string) => (
    <TextField
      id={fieldId(field)}
      label={label}
      value={draft[field]}
      onChange={(e) => updateDraft({ [field]: e.target.value })}
      onBlur={() => {
        const shown = frenchNumber(draft[field]);
        if (shown !== draft[field]) updateDraft({ [field]: shown });
      }}
      error={!!errors[field]}
      helperText={errors[field]}
      size="small"
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-invalid': !!errors[field] } }}
    />
  );
  const select = (field: keyof ConsultationDraft, options: readonly string[], disabled = false) => (
    <TextField select id={fieldId(field)} label={t(`fields.${field}`)} value={draft[field]} onChange={(e) => updateDraft({ [field]: e.target.value })} fullWidth size="small" disabled={disabled}>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {t(`options.${o}`, { defaultValue: o })}
        </MenuItem>
      ))}
    </TextField>
  );
  const painError = errors.startEradiationDate ?? (pickerInvalid ? consultationMessage(PAIN_START_MESSAGES.invalid) : undefined);
  const preventionField = PREVENTION_FIELDS[draft.preventionType];

  return (
    // A group named by the panel's title, not a <form>: the panel's footer saves it, and a form
    // without a submit button of its own fails HTML_CodeSniffer's H32.2 (pa11y).
    <Box role="group" aria-labelledby="consultation-panel-title">
      <Section title={t('sections.measures')}>
        <Box sx={grid}>
          {number('Size', t('fields.Size'))}
          {number('Weight', t('fields.Weight'))}
          <ImcBox imc={imc} unusual={imcUnusual} />
        </Box>
        {imcUnusual && (
          <Typography variant="body2" sx={{ mt: 1, color: 'warning.dark' }} role="status">
            {t('warnings.imcInline', { min: IMC_PLAUSIBLE.min, max: IMC_PLAUSIBLE.max })}
          </Typography>
        )}
      </Section>

      <Section title={t('sections.pain')}>
        <Box sx={grid}>
          {select('dolorLocation', DOLOR_LOCATIONS)}
          {select('dolorIntensity', DOLOR_INTENSITIES)}
          {text('eradiation')}
          {text('triggeringFactor')}
          <DateLocalization>
            <DatePicker
              label={t('fields.startEradiationDate')}
              format="DD/MM/YYYY"
              value={draft.startEradiationDate ? dayjs(draft.startEradiationDate) : null}
              minDate={dayjs(patient?.birthDate ?? PAIN_START_MIN)}
              maxDate={dayjs(toDay(new Date()))}
              onError={(reason) => setPickerInvalid(reason === 'invalidDate')}
              onChange={(v) => updateDraft({ startEradiationDate: v && v.isValid() ? v.format('YYYY-MM-DD') : '' })}
              slotProps={{ textField: { id: fieldId('startEradiationDate'), size: 'small', fullWidth: true, error: !!painError, helperText: painError } }}
            />
          </DateLocalization>
        </Box>
      </Section>

      <Section title={t('sections.treatment')}>
        <Box sx={grid}>
          {select('antalgesicTreatment', ANTALGESIC_TREATMENTS)}
          <TextField
            id={fieldId('treatmentName')}
            label={t('fields.treatmentName')}
            value={draft.treatmentName}
            onChange={(e) => updateDraft({ treatmentName: e.target.value })}
            disabled={!treated}
            required={treated}
            error={!!errors.treatmentName}
            helperText={errors.treatmentName ?? (draft.treatmentName.length >= TREATMENT_NAME_MAX * 0.8 ? count(draft.treatmentName.length, TREATMENT_NAME_MAX) : undefined)}
            size="small"
            fullWidth
          />
          {select('treatmentEfficacy', TREATMENT_EFFICACIES, !treated)}
        </Box>
      </Section>

      <Section title={t('sections.prevention')}>
        <FormControl sx={{ mb: 1.5 }}>
          <FormLabel id="prevention-type-label">{t('fields.preventionType')}</FormLabel>
          <RadioGroup row aria-labelledby="prevention-type-label" value={draft.preventionType} onChange={(e) => updateDraft({ preventionType: e.target.value as PreventionType })}>
            {PREVENTION_TYPES.map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio />} label={t(`preventionTypes.${type}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        {text(preventionField, { multiline: true })}
      </Section>

      <NotesSection draft={draft} generation={generation} />

      {dietetic && (
        <Section title={t('sections.dietetic')}>
          <Box sx={{ ...grid, alignItems: 'start' }}>
            {DIETETIC_FIELDS.map((field) => (
              <Box key={field}>{text(field, { multiline: ['breakfast', 'lunch', 'dinner', 'snack'].includes(field) })}</Box>
            ))}
          </Box>
        </Section>
      )}

      <DocumentsSection />
    </Box>
  );
}
