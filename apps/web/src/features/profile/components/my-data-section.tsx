import { Card, CardContent, Divider, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { AccessLog } from './access-log.tsx';
import { ExportButtons } from './export-buttons.tsx';

/** The anchor of 'Mes données' on /profile (the dashboard's shortcut points at it). */
export const MY_DATA_ANCHOR = 'mes-donnees';

/**
 * 'Mes données', in the patient's own space (/profile): a copy of their file (RGPD art. 15 and
 * 20: FHIR R4 and a PDF summary) and who opened it. Shown to a PT linked to a patient only.
 */
export function MyDataSection() {
  const { t } = useTranslation('records');
  const { user, role } = useSession();
  const idPatient = user?.data.idPatient;
  const { hash } = useLocation();
  const visible = role === 'PT' && !!idPatient;
  // The dashboard's shortcut lands on /profile#mes-donnees: the section renders after the profile
  // has loaded, so the browser's own jump to the anchor has already happened (and missed).
  useEffect(() => {
    if (visible && hash === `#${MY_DATA_ANCHOR}`) document.getElementById(MY_DATA_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [visible, hash]);
  if (role !== 'PT' || !idPatient) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="my-data-title" id={MY_DATA_ANCHOR} sx={{ mt: 3, scrollMarginTop: 80 }}>
      <CardContent>
        <Typography id="my-data-title" variant="h6" component="h2">
          {t('myData.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
          {t('myData.intro')}
        </Typography>
        <ExportButtons idPatient={idPatient} />
        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('log.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
          {t('log.intro')}
        </Typography>
        <AccessLog idPatient={idPatient} canFlag />
      </CardContent>
    </Card>
  );
}
