import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePatientSearch, type PatientSearchHit } from '../../../lib/patient-search.ts';
import { answerOf, useTypedSearch } from '../../../lib/typed-search.ts';
import { requestLogin } from '../save-flow.ts';

/** Searches ask the server once the typing pauses. */
export const TYPING_PAUSE_MS = 250;

/** 'Choix du patient' of the save dialog: the SPEC §7 patient list searched on the server as one types. */
export function PatientChoiceField({
  value,
  onChange,
  input,
  onInput,
  enabled,
  disabled,
}: {
  value: PatientSearchHit | null;
  onChange: (patient: PatientSearchHit | null) => void;
  input: string;
  onInput: (text: string) => void;
  enabled: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('consultations');
  const { q, settled, waiting } = useTypedSearch(input, TYPING_PAUSE_MS);
  const options = usePatientSearch(q, 'panel', { enabled, onUnauthorized: requestLogin });
  const loading = waiting || options.isFetching;
  return (
    <Autocomplete
      options={answerOf(settled, options) ?? []}
      value={value}
      onChange={(_, value) => onChange(value)}
      inputValue={input}
      onInputChange={(_, value) => onInput(value)}
      getOptionLabel={(o) => o.FullName}
      isOptionEqualToValue={(a, b) => a.idPatient === b.idPatient}
      filterOptions={(x) => x}
      loading={loading}
      loadingText={t('saveDialog.loading')}
      noOptionsText={q ? t('saveDialog.noOptions') : t('saveDialog.typeToSearch')}
      disabled={disabled}
      renderOption={(props, o) => (
        <Box component="li" {...props} key={o.idPatient}>
          <Box>
            <Typography>{o.FullName}</Typography>
            <Typography variant="body2" color="textSecondary">
              <bdi dir="ltr">{o.PhoneNumber}</bdi>
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('saveDialog.choose')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} aria-label={t('saveDialog.loading')} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
