import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@wellbe/shared/schemas/questionnaires';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useMyQuestionnaires } from './api.ts';
import { AnswerForm } from './components/answer-form.tsx';

function Row({ a, onOpen }: { a: Assignment; onOpen?: () => void }) {
  const { t } = useTranslation('questionnaires');
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>{a.questionnaire.title}</Typography>
          <Typography variant="body2" color="textSecondary">
            {a.submittedAt ? t('mine.sentOn', { date: formatDate(a.submittedAt) }) : a.dueAt ? t('mine.dueOn', { date: formatDate(a.dueAt) }) : t('mine.receivedOn', { date: formatDate(a.availableAt) })}
          </Typography>
        </Box>
        <Chip size="small" label={t(`status.${a.status}`)} color={a.status === 'submitted' ? 'success' : a.status === 'in_progress' ? 'warning' : 'default'} />
        {onOpen && <Button variant="contained" onClick={onOpen}>{a.status === 'in_progress' ? t('mine.continue') : t('mine.answer')}</Button>}
      </CardContent>
    </Card>
  );
}

/** A patient's questionnaires (/questionnaires/mine): those to fill, then those sent. */
export function MyQuestionnairesPage() {
  const { t } = useTranslation('questionnaires');
  const mine = useMyQuestionnaires();
  const [open, setOpen] = useState<string | null>(null);
  const list = mine.data ?? [];
  const todo = list.filter((a) => a.status !== 'submitted');
  const done = list.filter((a) => a.status === 'submitted');
  const current = list.find((a) => a.id === open && a.status !== 'submitted');
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', display: 'grid', gap: 2 }}>
      <PageHeader title={t('mine.title')} />
      {mine.isPending && <CircularProgress aria-label={t('loading')} />}
      {mine.isError && <Alert severity="error">{isApiError(mine.error) ? mine.error.message : t('loadError')}</Alert>}
      {current ? (
        <>
          <Button sx={{ justifySelf: 'start' }} onClick={() => setOpen(null)}>{t('mine.back')}</Button>
          <AnswerForm assignment={current} onDone={() => setOpen(null)} />
        </>
      ) : (
        mine.data && (
          <>
            <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>{t('mine.todo')}</Typography>
            {todo.length ? (
              <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('mine.todo')}>
                {todo.map((a) => <Row key={a.id} a={a} onOpen={() => setOpen(a.id)} />)}
              </Stack>
            ) : (
              <EmptyState title={t('mine.nothing')} />
            )}
            {done.length > 0 && (
              <>
                <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>{t('mine.done')}</Typography>
                <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('mine.done')}>
                  {done.map((a) => <Row key={a.id} a={a} />)}
                </Stack>
              </>
            )}
          </>
        )
      )}
    </Box>
  );
}
