import { Alert, Button } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';

/** The anchor of 'Mes données' on /profile (its section carries the same id). */
const MY_DATA_ANCHOR = 'mes-donnees';

/** The patient's dashboard: a way to 'Mes données' (their export and who opened their file). */
export function MyDataShortcut() {
  const { t } = useTranslation('records');
  const { user, role } = useSession();
  if (role !== 'PT' || !user?.data.idPatient) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button component={Link} to={`/profile#${MY_DATA_ANCHOR}`} color="inherit" size="small">
          {t('myData.open')}
        </Button>
      }
    >
      {t('myData.shortcut')}
    </Alert>
  );
}
