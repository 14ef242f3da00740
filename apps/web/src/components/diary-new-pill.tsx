import { Box } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';

/**
 * The number of a followed patient's diary entries the practitioner has not seen yet (the patient
 * list's row and the file's 'Journal' tab); nothing when none. Read by a screen reader as a sentence.
 */
export function DiaryNewPill({ count }: { count: number }) {
  const { t } = useTranslation('navigation');
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
