import { Box, Divider, FormControl, FormControlLabel, FormLabel, List, ListItem, ListItemText, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANTALGESIC_TREATMENTS,
  DIETETIC_FIELDS,
  DOLOR_INTENSITIES,
  DOLOR_LOCATIONS,
  hasDieteticFields,
  PREVENTION_FIELDS,
  PREVENTION_TYPES,
  TREATMENT_EFFICACIES,
  type PreventionType,
} from '@wellbe/shared/domain/consultation';
import { formatImc } from '@wellbe/shared/domain/imc';
import { CONSULTATION_MESSAGES } from '@wellbe/shared/schemas/consultations';
import { sizeInKb } from '@wellbe/shared/schemas/documents';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { useOrganisationSettings } from '../../../lib/organisation-settings.ts';
import { useSession } from '../../../lib/session.ts';
import { setFiles, updateDraft, useConsultationPanel, type ConsultationDraft } from '../consultation-store.ts';

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

/** A number outside its SPEC range shows the shared French message (the server says the same). */
function rangeError(value: string, min: number, max: number, message: string): string | undefined {
  if (value.trim() === '') return undefined;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n >= min && n <= max ? undefined : message;
}

/** The SPEC §3 consultation form; every change goes straight to the shared draft (SPEC §4). */
export function ConsultationForm() {
  const { t } = useTranslation('consultations');
  const { user } = useSession();
  const { draft, files, mode, editing } = useConsultationPanel();
  const { uploadLimitBytes } = useOrganisationSettings();
  const dietetic = hasDieteticFields(user?.data.idJobSpecialist ?? null);
  const treated = draft.antalgesicTreatment === 'Oui';
  const imc = formatImc(draft.Weight, draft.Size);
  const sizeError = rangeError(draft.Size, 30, 250, CONSULTATION_MESSAGES.size);
  const weightError = rangeError(draft.Weight, 1, 400, CONSULTATION_MESSAGES.weight);

  const text = (field: keyof ConsultationDraft, extra: { multiline?: boolean } = {}) => (
    <TextField
      label={t(`fields.${field}`)}
      value={draft[field]}
      onChange={(e) => updateDraft({ [field]: e.target.value })}
      fullWidth
      size="small"
      multiline={extra.multiline}
      minRows={extra.multiline ? 1 : undefined}
      slotProps={{ htmlInput: { maxLength: 2000 } }}
    />
  );
  const select = (field: keyof ConsultationDraft, options: readonly string[], disabled = false) => (
    <TextField select label={t(`fields.${field}`)} value={draft[field]} onChange={(e) => updateDraft({ [field]: e.target.value })} fullWidth size="small" disabled={disabled}>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {t(`options.${o}`, { defaultValue: o })}
        </MenuItem>
      ))}
    </TextField>
  );
  const preventionField = PREVENTION_FIELDS[draft.preventionType];

  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby="consultation-panel-title">
      <Section title={t('sections.measures')}>
        <Box sx={grid}>
          <TextField
            label={t('fields.Size')}
            type="number"
            value={draft.Size}
            onChange={(e) => updateDraft({ Size: e.target.value })}
            error={!!sizeError}
            helperText={sizeError}
            size="small"
            slotProps={{ htmlInput: { min: 30, max: 250, step: 0.1, inputMode: 'decimal' } }}
          />
          <TextField
            label={t('fields.Weight')}
            type="number"
            value={draft.Weight}
            onChange={(e) => updateDraft({ Weight: e.target.value })}
            error={!!weightError}
            helperText={weightError}
            size="small"
            slotProps={{ htmlInput: { min: 1, max: 400, step: 0.1, inputMode: 'decimal' } }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 40 }}>
            <Typography variant="body2" color="text.secondary">
              {t('fields.imc')}
            </Typography>
            <Typography variant="h6" component="output" aria-live="polite" aria-label={t('fields.imc')} data-testid="imc">
              {imc || '—'}
            </Typography>
          </Box>
        </Box>
      </Section>

      <Section title={t('sections.pain')}>
        <Box sx={grid}>
          {select('dolorLocation', DOLOR_LOCATIONS)}
          {select('dolorIntensity', DOLOR_INTENSITIES)}
          {text('eradiation')}
          {text('triggeringFactor')}
          <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr">
            <DatePicker
              label={t('fields.startEradiationDate')}
              format="DD/MM/YYYY"
              value={draft.startEradiationDate ? dayjs(draft.startEradiationDate) : null}
              onChange={(v) => updateDraft({ startEradiationDate: v && v.isValid() ? v.format('YYYY-MM-DD') : '' })}
              slotProps={{ textField: { size: 'small', fullWidth: true } }}
            />
          </LocalizationProvider>
        </Box>
      </Section>

      <Section title={t('sections.treatment')}>
        <Box sx={grid}>
          {select('antalgesicTreatment', ANTALGESIC_TREATMENTS)}
          <TextField
            label={t('fields.treatmentName')}
            value={draft.treatmentName}
            onChange={(e) => updateDraft({ treatmentName: e.target.value })}
            disabled={!treated}
            required={treated}
            error={treated && !draft.treatmentName.trim()}
            helperText={treated && !draft.treatmentName.trim() ? CONSULTATION_MESSAGES.treatmentNameRequired : undefined}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
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

      <Section title={t('sections.notes')}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <RichTextEditor label={t('fields.ConsultationNote')} value={draft.ConsultationNote} onChange={(html) => updateDraft({ ConsultationNote: html })} />
          <RichTextEditor label={t('fields.Diagnostic')} value={draft.Diagnostic} onChange={(html) => updateDraft({ Diagnostic: html })} />
          <RichTextEditor label={t('fields.HealthCareCategory')} value={draft.HealthCareCategory} onChange={(html) => updateDraft({ HealthCareCategory: html })} />
        </Box>
      </Section>

      {dietetic && (
        <Section title={t('sections.dietetic')}>
          <Box sx={{ ...grid, alignItems: 'start' }}>
            {DIETETIC_FIELDS.map((field) => (
              <Box key={field}>{text(field, { multiline: ['breakfast', 'lunch', 'dinner', 'snack'].includes(field) })}</Box>
            ))}
          </Box>
        </Section>
      )}

      <Box component="section" aria-label={t('sections.documents')} sx={{ mb: 1 }}>
        {mode === 'edit' && editing && editing.documents.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary">
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
    </Box>
  );
}
