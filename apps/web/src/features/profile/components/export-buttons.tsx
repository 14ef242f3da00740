import { Button, Stack } from '@mui/material';
import DataObjectIcon from '@mui/icons-material/DataObjectOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useExportFile, type ExportFormat } from '../api/export-file.ts';

/** 'Télécharger (FHIR)' and 'Résumé PDF' of the patient's own file. */
export function ExportButtons({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('records');
  const exporter = useExportFile(idPatient);
  const run = (format: ExportFormat) =>
    exporter.mutate(format, {
      onSuccess: () => notify(t('export.done'), 'success'),
      onError: (error) => notify(error.message, 'error'),
    });
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<DataObjectIcon />} disabled={exporter.isPending} onClick={() => run('fhir')}>
        {t('export.fhir')}
      </Button>
      <Button variant="outlined" startIcon={<PictureAsPdfIcon />} disabled={exporter.isPending} onClick={() => run('pdf')}>
        {t('export.pdf')}
      </Button>
    </Stack>
  );
}
