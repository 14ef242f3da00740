import { Alert, Box, Button } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiaryEntry, DiaryEntryWrite } from '@wellbe/shared/schemas/diary';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { isApiError } from '../../../lib/api.ts';
import { getDisplayTimeZone } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { notify } from '../../../lib/notify.ts';
import { useAddEntry } from '../api/diary.ts';
import { DIARY_KEYS } from '../messages.ts';

type Body = DiaryEntryWrite extends infer U ? (U extends unknown ? Omit<U, 'at' | 'id'> : never) : never;

/**
 * One entry's form: its own fields, when it happened (now by default, never in the future) and
 * the save button (dates typed DD/MM/YYYY in the practice's time zone). The entry gets its id here, so a retry after a lost answer saves it once.
 */
export function EntryForm({ label, build, children, onSaved }: { label: string; build: () => Body | null; children: ReactNode; onSaved?: (entry: DiaryEntry) => void }) {
  const { t } = useTranslation('diary');
  const add = useAddEntry();
  const zone = getDisplayTimeZone();
  const [at, setAt] = useState<Dayjs | null>(() => dayjs().tz(zone));
  const [id, setId] = useState(() => crypto.randomUUID());
  const save = () => {
    const body = build();
    if (!body || !at?.isValid()) return;
    add.mutate({ ...body, id, at: at.toISOString() } as DiaryEntryWrite, {
      onSuccess: (entry) => {
        notify(t('saved'), 'success');
        setId(crypto.randomUUID());
        setAt(dayjs().tz(zone));
        onSaved?.(entry as DiaryEntry);
      },
    });
  };
  return (
    <Box component="form" aria-label={label} sx={{ display: 'grid', gap: 2 }} onSubmit={(e) => (e.preventDefault(), save())} noValidate>
      {children}
      <DateLocalization>
        <DateTimePicker label={t('at')} format="DD/MM/YYYY HH:mm" ampm={false} timezone={zone} value={at} onChange={setAt} disableFuture />
      </DateLocalization>
      {add.isError && <Alert severity="error">{isApiError(add.error) ? translateMessage(t, DIARY_KEYS, add.error.message) : t('errors.save')}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={add.isPending}>
        {t('save')}
      </Button>
    </Box>
  );
}
