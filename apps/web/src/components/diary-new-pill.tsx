import { Box } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { useDiaryNotifications } from '../lib/diary-badge.ts';
import { useSession } from '../lib/session.ts';

/**
 * The number of a followed patient's diary entries the practitioner has not seen yet (the patient
 * list's row and the file's 'Journal' tab); nothing when none. Read by a screen reader as a sentence.
 */
export function DiaryNewPill({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('navigation');
  const { role } = useSession();
  const count = useDiaryNotifications(can(role, 'dpsWrite') && role !== 'PT').data?.patients.find((p) => p.idPatient === idPatient)?.count ?? 0;
  if (!count) return null;
  return (
    <Box component="span" data-testid="diary-new-pill" sx={{ display: 'inline-block', mx: 1, bgcolor: 'error.main', color: 'error.contrastText', borderRadius: 10, px: 0.75, minWidth: 20, fontSize: 12, lineHeight: '20px', textAlign: 'center', verticalAlign: 'middle' }}>
      <span aria-hidden="true">{count}</span>
      <Box component="span" sx={visuallyHidden}>
        {t('diaryNew', { count })}
      </Box>
    </Box>
  );
}
