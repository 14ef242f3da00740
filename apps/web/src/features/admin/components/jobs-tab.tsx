import { Alert, Box, Button, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useFailedJobs, useRetryJob } from '../api/failed-jobs.ts';

/**
 * 'Tâches en échec' (DE): background jobs (mails) whose attempts are all spent, with their last
 * error, and 'Relancer' to give one a fresh set of attempts.
 */
export function JobsTab() {
  const { t } = useTranslation('admin');
  const jobs = useFailedJobs();
  const retry = useRetryJob();

  const onRetry = (id: string) =>
    retry.mutate(id, {
      onSuccess: () => notify(t('jobs.retried'), 'success'),
      onError: (error) => notify(error.message, 'error'),
    });

  return (
    <Box>
      <Typography variant="body2" color="textSecondary" sx={{ px: 2, pt: 2 }}>
        {t('jobs.intro')}
      </Typography>
      {jobs.isFetching && <LinearProgress aria-label={t('common:table.loading')} />}
      {jobs.error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {jobs.error.message}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('tabs.jobs')}>
          <TableHead>
            <TableRow>
              {(['task', 'error', 'attempts', 'created', 'failed'] as const).map((key) => (
                <TableCell key={key}>{t(`jobs.columns.${key}`)}</TableCell>
              ))}
              <TableCell>
                <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  {t('jobs.columns.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {jobs.data?.map((job) => (
              <TableRow key={job.id} hover>
                <TableCell>{job.task === 'send_mail' ? t('jobs.tasks.send_mail') : job.task}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-word' }}>{job.lastError}</TableCell>
                <TableCell>
                  {job.attempts} / {job.maxAttempts}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.createdAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.updatedAt)}</TableCell>
                <TableCell align="right">
                  <Button size="small" startIcon={<ReplayIcon />} disabled={retry.isPending} onClick={() => onRetry(job.id)}>
                    {t('jobs.retry')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {jobs.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{t('jobs.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
