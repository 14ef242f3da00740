import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { usePatientSearch, type PatientSearchSource } from '../lib/patient-search.ts';
import { answerOf, useTypedSearch } from '../lib/typed-search.ts';

export interface PickedPatient {
  idPatient: string;
  FullName: string;
}

/**
 * 'Choix du patient' of the dietetics and sport screens and of the agenda's booking dialog: the
 * patient list's accent-insensitive search (`source` 'agenda': the booking search, also for AD and RH).
 */
export function PatientPicker({
  value,
  onChange,
  label,
  noOptionsText,
  source = 'patients',
  fullWidth = false,
}: {
  value: PickedPatient | null;
  onChange: (patient: PickedPatient | null) => void;
  label: string;
  noOptionsText: string;
  source?: PatientSearchSource;
  fullWidth?: boolean;
}) {
  const [input, setInput] = useState('');
  const { q, settled, waiting } = useTypedSearch(input, 250);
  const search = usePatientSearch(q, source);
  const options: PickedPatient[] = answerOf(settled, search) ?? [];
  return (
    <Autocomplete
      sx={fullWidth ? undefined : { minWidth: 260, flex: 1, maxWidth: 420 }}
      size={fullWidth ? 'medium' : 'small'}
      options={value && !options.some((o) => o.idPatient === value.idPatient) ? [value, ...options] : options}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.FullName}
      isOptionEqualToValue={(a, b) => a.idPatient === b.idPatient}
      loading={waiting || search.isFetching}
      noOptionsText={noOptionsText}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
