import { Autocomplete, Box, Paper, TextField, Typography, type PaperProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BDPM_ATTRIBUTION, MEDICINE_QUERY_MIN, type Medicine } from '@wellbe/shared/schemas/medicines';
import { answerOf, useTypedSearch } from '../../../lib/typed-search.ts';
import { useMedicineSuggestions } from '../api/clinical-documents.ts';

/** The suggestions' panel, with the citation the BDPM's terms ask for (French, as they word it). */
function SourcePaper({ children, ...props }: PaperProps) {
  return (
    <Paper {...props}>
      {children}
      <Typography variant="caption" color="textSecondary" component="p" lang="fr" sx={{ px: 2, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
        {BDPM_ATTRIBUTION}
      </Typography>
    </Paper>
  );
}

/**
 * A medicine line's text: free text, with the BDPM's medicines suggested as the practitioner types;
 * picking one fills the line's name and form.
 */
export function MedicineField({ label, value, onChange, onPick }: { label: string; value: string; onChange: (text: string) => void; onPick: (medicine: Medicine) => void }) {
  const { t } = useTranslation('clinicalDocuments');
  const { q, settled, waiting } = useTypedSearch(value, 250, MEDICINE_QUERY_MIN);
  const suggestions = useMedicineSuggestions(q);
  return (
    <Autocomplete<Medicine, false, false, true>
      freeSolo
      fullWidth
      size="small"
      options={answerOf(settled, suggestions) ?? []}
      filterOptions={(x) => x}
      inputValue={value}
      onInputChange={(_, text, reason) => reason !== 'reset' && onChange(text)}
      onChange={(_, picked) => picked && typeof picked !== 'string' && onPick(picked)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.id)}
      loading={waiting || suggestions.isFetching}
      noOptionsText={t('write.noMedicine')}
      slots={{ paper: SourcePaper }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography variant="body2">{o.name}</Typography>
          {o.substances && (
            <Typography variant="caption" color="textSecondary">
              {o.substances}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
