import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessFlag } from '@wellbe/shared/schemas/records';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';
import { useAccessFlags } from '../api/access-flags.ts';
import { useAnswerFlag } from '../api/answer-flag.ts';
import { journalLabel } from '../journal-labels.ts';

function AnswerDialog({ flag, onClose }: { flag: AccessFlag; onClose: () => void }) {
  const { t } = useTranslation('records');
  const [answer, setAnswer] = useState('');
  const save = useAnswerFlag();
  return (
    <FormDialog
      title={t('flags.answerTitle', { patient: flag.patientName })}
      busy={save.isPending}
      error={save.error?.message}
      cancelLabel={t('cancel')}
      submitLabel={t('flags.send')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { idFlag: flag.idFlag, answer },
          {
            onSuccess: () => {
              notify(t('flags.answered'), 'success');
              onClose();
            },
          },
        );
      }}
    >
      <Box sx={{ px: 2, width: '100%' }}>
        <TextField label={t('flags.answer')} value={answer} onChange={(e) => setAnswer(e.target.value)} multiline minRows={4} fullWidth required slotProps={{ htmlInput: { maxLength: 2000 } }} />
      </Box>
    </FormDialog>
  );
}

/**
 * /admin 'Signalements': the accesses patients did not recognise ("Je ne reconnais pas cet
 * accès"), for the organisation's PA (SA and DE: every organisation), answered here; the patient
 * reads the answer next to the access in 'Mes données'.
 */
export function AccessFlagsTab() {
  const { t } = useTranslation(['records', 'common']);
  const { t: ta } = useTranslation('admin');
  const [status, setStatus] = useState<'open' | 'answered' | ''>('open');
  const [answering, setAnswering] = useState<AccessFlag | null>(null);
  const flags = useAccessFlags(status || undefined);
  const queryClient = useQueryClient();
  // A patient flags an access: the list refreshes without a reload (DESIGN §8).
  useRealtimeEvent('records.flag', () => void queryClient.invalidateQueries({ queryKey: queryKeys.records.all }));
  const rows = flags.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {t('flags.intro')}
      </Typography>
      <TextField select size="small" label={t('flags.status')} value={status} onChange={(e) => setStatus(e.target.value as typeof status)} sx={{ minWidth: 200, mb: 2 }}>
        <MenuItem value="open">{t('flags.statuses.open')}</MenuItem>
        <MenuItem value="answered">{t('flags.statuses.answered')}</MenuItem>
        <MenuItem value="">{t('flags.statuses.all')}</MenuItem>
      </TextField>
      {flags.isFetching && <LinearProgress aria-label={t('log.loading')} />}
      {flags.isError && <Alert severity="error">{flags.error.message}</Alert>}
      {flags.data && rows.length === 0 && <Typography color="textSecondary">{t('flags.empty')}</Typography>}
      <Stack spacing={2}>
        {rows.map((f) => (
          <Card key={f.idFlag} variant="outlined" data-testid="flag-row">
            <CardContent>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Box>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {f.patientName}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {t('flags.flaggedOn', { at: formatDateTime(f.createdAt) })}
                  </Typography>
                </Box>
                <Box>
                  <Chip size="small" color={f.status === 'answered' ? 'success' : 'warning'} label={t(`flags.statuses.${f.status}`)} />
                </Box>
              </Stack>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('flags.event', { at: formatDateTime(f.event.at), actor: f.event.actor, role: f.event.role ? t(`common:roles.${f.event.role}`) : '—', action: journalLabel(ta, f.event.action) })}
              </Typography>
              {f.comment && (
                <Typography variant="body2" sx={{ mt: 1, fontStyle: 'italic' }}>
                  {t('flags.comment', { comment: f.comment })}
                </Typography>
              )}
              {f.answer ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('flags.answerBy', { answer: f.answer, by: f.answeredBy ?? '—', at: formatDateTime(f.answeredAt) })}
                </Typography>
              ) : (
                <Button sx={{ mt: 1 }} variant="contained" size="small" onClick={() => setAnswering(f)}>
                  {t('flags.reply')}
                </Button>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {flags.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void flags.fetchNextPage()} disabled={flags.isFetchingNextPage}>
          {t('log.more')}
        </Button>
      )}
      {answering && <AnswerDialog flag={answering} onClose={() => setAnswering(null)} />}
    </Box>
  );
}
