import { Box, Rating, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@wellbe/shared/schemas/notices';

// Apart from notice.tsx (the patient's form: MUI's inputs, from the `forms` chunk): the file's first
// screen (its timeline, the notices' card) shows notices and writes none (issue 31).

/** A notice as practitioners (and the patient, once locked) read it. */
export function NoticeView({ notice, compact = false }: { notice: Notice; compact?: boolean }) {
  const { t } = useTranslation('patients');
  return (
    <Box data-testid="notice">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Rating value={notice.Star} readOnly size="small" aria-label={t('notice.stars', { count: notice.Star })} />
        <Typography variant="body2" color={notice.Recommend ? 'success' : 'textSecondary'}>
          {notice.Recommend ? t('notice.recommended') : t('notice.notRecommended')}
        </Typography>
      </Stack>
      {notice.PatientOpinion && !compact && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', mt: 0.5, whiteSpace: 'pre-line' }}>
          <bdi>{t('common:quoted', { text: notice.PatientOpinion })}</bdi>
        </Typography>
      )}
    </Box>
  );
}
