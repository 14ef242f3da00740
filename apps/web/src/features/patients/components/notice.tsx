import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, Rating, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_OPINION_MAX, noticeEditable } from '@wellbe/shared/domain/notices';
import type { Notice } from '@wellbe/shared/schemas/notices';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveNotice } from '../api/notices.ts';
import { NoticeView } from './notice-view.tsx';

/**
 * SPEC §3 Notice, left by the patient (PT) on one of their consultations: once, then editable for
 * 7 days. The server holds the same rules.
 */
export function NoticeForm({ idPatient, idConsultation, notice }: { idPatient: string; idConsultation: string; notice: Notice | null }) {
  const { t } = useTranslation('patients');
  const labelId = useId();
  const save = useSaveNotice(idPatient);
  const [star, setStar] = useState<number | null>(notice?.Star ?? null);
  const [opinion, setOpinion] = useState(notice?.PatientOpinion ?? '');
  const [recommend, setRecommend] = useState(notice?.Recommend ?? false);
  const editable = !notice || noticeEditable(notice.createdAt, Date.now());

  if (notice && !editable) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="h3">
          {t('notice.title')}
        </Typography>
        <NoticeView notice={notice} />
        <Typography variant="caption" color="textSecondary">
          {t('notice.locked', { date: formatDate(notice.createdAt) })}
        </Typography>
      </Paper>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="form"
      sx={{ p: 2 }}
      aria-labelledby={labelId}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (!star) return;
        save.mutate(
          { idConsultation, idNotice: notice?.idNotice, fields: { Star: star, PatientOpinion: opinion.trim(), Recommend: recommend } },
          { onSuccess: () => notify(t('notice.saved'), 'success') },
        );
      }}
    >
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h3" id={labelId}>
          {t('notice.title')}
        </Typography>
        {save.isError && <Alert severity="error">{save.error.message}</Alert>}
        <Box>
          <Typography variant="caption" color="textSecondary" component="legend">
            {t('notice.star')}
          </Typography>
          <Rating name={`star-${idConsultation}`} value={star} onChange={(_, v) => setStar(v)} getLabelText={(v: number) => t('notice.stars', { count: v })} />
        </Box>
        <TextField
          label={t('notice.opinion')}
          multiline
          minRows={2}
          value={opinion}
          onChange={(e) => setOpinion(e.target.value)}
          slotProps={{ htmlInput: { maxLength: NOTICE_OPINION_MAX } }}
        />
        <FormControlLabel control={<Checkbox checked={recommend} onChange={(e) => setRecommend(e.target.checked)} />} label={t('notice.recommend')} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={!star || save.isPending}>
            {notice ? t('notice.update') : t('notice.submit')}
          </Button>
          {notice && (
            <Typography variant="caption" color="textSecondary">
              {t('notice.editableUntil', { date: formatDate(notice.editableUntil) })}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
