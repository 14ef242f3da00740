import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { useDiaryNotifications } from '../../../lib/diary-badge.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * A file tab's label; the 'Journal' tab shows, to a practitioner who follows the patient, the
 * number of entries they have not seen yet (it goes when the tab is opened: diary-tab.tsx).
 */
export function FileTabLabel({ label, idPatient, journal }: { label: string; idPatient: string; journal: boolean }) {
  const { t } = useTranslation('navigation');
  const { role } = useSession();
  const count = useDiaryNotifications(journal && can(role, 'dpsWrite') && role !== 'PT').data?.patients.find((p) => p.idPatient === idPatient)?.count ?? 0;
  if (!count) return label;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {label}
      <Box component="span" aria-label={t('diaryNew', { count })} role="status" data-testid="journal-tab-badge" sx={{ bgcolor: 'error.main', color: 'error.contrastText', borderRadius: 10, px: 0.75, minWidth: 20, fontSize: 12, lineHeight: '20px', textAlign: 'center' }}>
        {count}
      </Box>
    </Box>
  );
}
