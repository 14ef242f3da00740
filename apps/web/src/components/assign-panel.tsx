import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../lib/api.ts';
import { PatientPicker, type PickedPatient } from './patient-picker.tsx';

export interface AssignPanelLabels {
  title: string;
  patient: string;
  noPatient: string;
  startDate: string;
  submit: string;
  /** Shown when the refusal is not the API's own French message. */
  failed: string;
}

/**
 * 'Attribuer à un patient' of a program (dietetics and sport): a patient, a start day, the
 * feature's assignment call; on success the feature's own sentence and link (`done`).
 */
export function AssignPanel<R>({
  id,
  labels,
  initialStart,
  assign,
  invalidStart,
  done,
}: {
  id: string;
  labels: AssignPanelLabels;
  initialStart: string;
  assign: UseMutationResult<R, Error, { id: string; idPatient: string; startDate: string }>;
  /** A start day the feature refuses: the field is flagged and the button stays disabled. */
  invalidStart?: (start: string) => boolean;
  done: (data: R, patient: PickedPatient) => ReactNode;
}) {
  const [patient, setPatient] = useState<PickedPatient | null>(null);
  const [start, setStart] = useState(initialStart);
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label={labels.title}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {labels.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <PatientPicker value={patient} onChange={setPatient} label={labels.patient} noOptionsText={labels.noPatient} />
          <TextField size="small" type="date" label={labels.startDate} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} error={invalidStart?.(start)} />
          <Button variant="contained" disabled={!patient || !start || !!invalidStart?.(start) || assign.isPending} onClick={() => patient && assign.mutate({ id, idPatient: patient.idPatient, startDate: start })}>
            {labels.submit}
          </Button>
        </Box>
        {assign.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {isApiError(assign.error) ? assign.error.message : labels.failed}
          </Alert>
        )}
        {assign.isSuccess && patient && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {done(assign.data, patient)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
