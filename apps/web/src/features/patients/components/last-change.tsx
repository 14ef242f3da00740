import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

// Apart from consultation-history.tsx (the history's dialog: MUI's Dialog, Button, from the `forms`
// chunk): the file's timeline draws this line on its first screen, which needs none of them.

/** "Modifiée le … par …" (nothing while the consultation is as created). */
export function LastChange({ change }: { change: { at: string; by: string | null } | null | undefined }) {
  const { t } = useTranslation('history');
  if (!change) return null;
  return (
    <Typography variant="caption" color="textSecondary" component="p" data-testid="last-change">
      {t('modified', { date: formatDate(change.at), by: change.by ?? t('system') })}
    </Typography>
  );
}
