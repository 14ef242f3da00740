import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  List,
  ListItem,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_KINDS, type AccessKind, type AccessLogEntry } from '@wellbe/shared/schemas/records';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { WithLtr } from '../../../components/ltr.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';
import { useAccessLog, type AccessLogFilters } from '../api/access-log.ts';
import { useFlagAccess } from '../api/flag-access.ts';

function FlagState({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation('records');
  if (!entry.flag) return null;
  return (
    <Box>
      <Chip size="small" color={entry.flag.status === 'answered' ? 'success' : 'warning'} label={t(`log.flag.${entry.flag.status}`)} />
      {entry.flag.answer && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="flag-answer">
          {t('log.flag.answer', { answer: entry.flag.answer })}
        </Typography>
      )}
    </Box>
  );
}

/** The dialog of "Je ne reconnais pas cet accès": an optional comment, then the flag goes to the PA. */
function FlagDialog({ idPatient, entry, onClose }: { idPatient: string; entry: AccessLogEntry; onClose: () => void }) {
  const { t } = useTranslation(['records', 'common']);
  const [comment, setComment] = useState('');
  const flag = useFlagAccess(idPatient);
  return (
    <FormDialog
      title={t('log.flag.title')}
      busy={flag.isPending}
      error={flag.error?.message}
      cancelLabel={t('cancel')}
      submitLabel={t('log.flag.submit')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        flag.mutate(
          { eventId: entry.id, comment },
          {
            onSuccess: () => {
              notify(t('log.flag.sent'), 'success');
              onClose();
            },
          },
        );
      }}
    >
      <Box sx={{ px: 2, width: '100%' }}>
        <Typography variant="body2" sx={{ mb: 2 }}>
          <WithLtr text={(at) => t('log.flag.intro', { at, actor: entry.actor })} value={formatDateTime(entry.at)} />
        </Typography>
        <TextField label={t('log.flag.comment')} value={comment} onChange={(e) => setComment(e.target.value)} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: 1000 } }} />
      </Box>
    </FormDialog>
  );
}

/** Issue 32: what a change did ("a modifié la consultation du …"), in the reader's language. */
function ChangeLine({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation('records');
  if (!entry.change) return null;
  return (
    <Typography variant="body2" color="textSecondary" data-testid="access-change">
      <WithLtr text={(date) => t(`log.change.${entry.action}`, { date, defaultValue: entry.change })} value={entry.changeOn} />
    </Typography>
  );
}

/**
 * "Qui a consulté mon dossier": every journal row about the file (CNIL délibération 2021-122),
 * newest first, with filters and keyset paging ('Afficher plus').
 */
export function AccessLog({ idPatient, canFlag }: { idPatient: string; canFlag: boolean }) {
  const { t } = useTranslation(['records', 'common']);
  const [filters, setFilters] = useState<AccessLogFilters>({});
  const [flagging, setFlagging] = useState<AccessLogEntry | null>(null);
  const log = useAccessLog(idPatient, filters);
  const queryClient = useQueryClient();
  // An administrator answered a flag: the answer shows without a reload (DESIGN §8).
  useRealtimeEvent('records.flag', () => void queryClient.invalidateQueries({ queryKey: queryKeys.records.all }));
  const rows = log.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (patch: Partial<AccessLogFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const who = (e: AccessLogEntry) => (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {e.self ? t('log.self') : e.actor}
      </Typography>
      {e.role && !e.self && (
        <Typography variant="body2" color="textSecondary">
          {t(`common:roles.${e.role}`)}
        </Typography>
      )}
    </>
  );
  const flagCell = (e: AccessLogEntry) =>
    e.flag ? (
      <FlagState entry={e} />
    ) : (
      !e.self && (
        <Button size="small" color="warning" startIcon={<FlagOutlinedIcon />} onClick={() => setFlagging(e)}>
          {t('log.flag.action')}
        </Button>
      )
    );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
        <TextField select size="small" label={t('log.filters.kind')} value={filters.kind ?? ''} onChange={(e) => set({ kind: (e.target.value || undefined) as AccessKind | undefined })} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('log.filters.all')}</MenuItem>
          {ACCESS_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`log.kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <DateLocalization>
          {(['from', 'to'] as const).map((key) => (
            <DatePicker
              key={key}
              label={t(`log.filters.${key}`)}
              format="DD/MM/YYYY"
              value={filters[key] ? dayjs(filters[key]) : null}
              onChange={(v) => set({ [key]: v && v.isValid() ? v.format('YYYY-MM-DD') : undefined })}
              slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
            />
          ))}
        </DateLocalization>
      </Stack>
      {log.isFetching && <LinearProgress aria-label={t('log.loading')} />}
      {log.isError && <Alert severity="error">{log.error.message}</Alert>}
      {log.data && rows.length === 0 && <Typography color="textSecondary">{t('log.empty')}</Typography>}
      {rows.length > 0 && phone && (
        <List aria-label={t('log.title')} disablePadding>
          {rows.map((e) => (
            <ListItem key={e.id} divider data-testid="access-row" sx={{ display: 'block', px: 0 }}>
              <Typography variant="body2" color="textSecondary">
                <bdi>{formatDateTime(e.at)}</bdi> · {t(`log.kind.${e.kind}`)} · {t(`log.operation.${e.operation}`)}
              </Typography>
              {who(e)}
              <ChangeLine entry={e} />
              {canFlag && <Box sx={{ mt: 0.5 }}>{flagCell(e)}</Box>}
            </ListItem>
          ))}
        </List>
      )}
      {rows.length > 0 && !phone && (
        <TableContainer>
          <Table size="small" aria-label={t('log.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('log.columns.at')}</TableCell>
                <TableCell>{t('log.columns.actor')}</TableCell>
                <TableCell>{t('log.columns.what')}</TableCell>
                <TableCell>{t('log.columns.operation')}</TableCell>
                {canFlag && <TableCell>{t('log.columns.flag')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.id} data-testid="access-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <bdi>{formatDateTime(e.at)}</bdi>
                  </TableCell>
                  <TableCell>{who(e)}</TableCell>
                  <TableCell>{t(`log.kind.${e.kind}`)}</TableCell>
                  <TableCell>
                    {t(`log.operation.${e.operation}`)}
                    <ChangeLine entry={e} />
                  </TableCell>
                  {canFlag && <TableCell>{flagCell(e)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {log.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t('log.more')}
        </Button>
      )}
      {flagging && <FlagDialog idPatient={idPatient} entry={flagging} onClose={() => setFlagging(null)} />}
    </Box>
  );
}
