import { Alert, Box, Button, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiaryEntryWrite } from '@wellbe/shared/schemas/diary';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAddEntry } from '../api/diary.ts';

/** This device's current date and time, as a datetime-local field holds it (YYYY-MM-DDTHH:MM). */
export function nowLocal(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type Body = DiaryEntryWrite extends infer U ? (U extends unknown ? Omit<U, 'at' | 'id'> : never) : never;

/**
 * One entry's form: its own fields, when it happened (now by default, never in the future) and
 * the save button. The entry gets its id here, so a retry after a lost answer saves it once.
 */
export function EntryForm({ label, build, children, onSaved }: { label: string; build: () => Body | null; children: ReactNode; onSaved?: () => void }) {
  const { t } = useTranslation('diary');
  const add = useAddEntry();
  const [at, setAt] = useState(nowLocal);
  const [id, setId] = useState(() => crypto.randomUUID());
  const save = () => {
    const body = build();
    if (!body) return;
    add.mutate({ ...body, id, at: new Date(at).toISOString() } as DiaryEntryWrite, {
      onSuccess: () => {
        notify(t('saved'), 'success');
        setId(crypto.randomUUID());
        setAt(nowLocal());
        onSaved?.();
      },
    });
  };
  return (
    <Box component="form" aria-label={label} sx={{ display: 'grid', gap: 2 }} onSubmit={(e) => (e.preventDefault(), save())} noValidate>
      {children}
      <TextField type="datetime-local" label={t('at')} value={at} onChange={(e) => setAt(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: nowLocal() } }} />
      {add.isError && <Alert severity="error">{isApiError(add.error) ? add.error.message : t('errors.save')}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={add.isPending}>
        {t('save')}
      </Button>
    </Box>
  );
}
