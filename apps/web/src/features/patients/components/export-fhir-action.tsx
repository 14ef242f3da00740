import { Button } from '@mui/material';
import DataObjectIcon from '@mui/icons-material/DataObjectOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { exportFhir } from '../api/export-fhir.ts';

/**
 * The patient file's 'Exporter (FHIR)' for practitioners (dps roles): the whole file as a FHIR R4
 * Bundle, journalled as an export. The patient has theirs in 'Mes données' (/profile).
 */
export function ExportFhirAction({ idPatient, isOwnFile }: { idPatient: string; isOwnFile: boolean }) {
  const { t } = useTranslation('records');
  const { role } = useSession();
  const [busy, setBusy] = useState(false);
  if (isOwnFile || role === 'PT' || !can(role, 'dps')) return null;
  const run = () => {
    setBusy(true);
    exportFhir(idPatient)
      .then(() => notify(t('export.done'), 'success'))
      .catch((error: Error) => notify(error.message, 'error'))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="outlined" startIcon={<DataObjectIcon />} disabled={busy} onClick={run}>
      {t('export.practitioner')}
    </Button>
  );
}
