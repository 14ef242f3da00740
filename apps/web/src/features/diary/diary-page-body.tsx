import { Alert, Box, Card, CardContent, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIARY_KINDS, type DiaryKind } from '@wellbe/shared/schemas/diary';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { useMyDay, useMyDiary } from './api/diary.ts';
import { DayTotals } from './components/day-totals.tsx';
import { EntryList } from './components/entry-list.tsx';
import { MealForm } from './components/meal-form.tsx';
import { ActivityForm } from './components/activity-form.tsx';
import { PainForm, WeightForm } from './components/simple-forms.tsx';

const FORMS: Record<DiaryKind, () => React.ReactElement> = { meal: MealForm, pain: PainForm, weight: WeightForm, activity: ActivityForm };

/** The body of /journal (my-diary-page.tsx): the day against the target, one form per kind of entry, the latest entries with comments. */
export function DiaryPageBody() {
  const { t } = useTranslation('diary');
  const entries = useMyDiary();
  const day = useMyDay();
  const [kind, setKind] = useState<DiaryKind>('meal');
  const Form = FORMS[kind];
  if (entries.isError)
    return (
      <>
        <PageHeader title={t('title')} />
        <Alert severity="info">{isApiError(entries.error) ? entries.error.message : t('errors.load')}</Alert>
      </>
    );
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {day.data && <DayTotals day={day.data} />}
      {day.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {isApiError(day.error) ? day.error.message : t('errors.load')}
        </Alert>
      )}
      <Card component="section" aria-label={t('newEntry')} sx={{ mb: 2 }}>
        <Tabs value={kind} onChange={(_, v: DiaryKind) => setKind(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('newEntry')}>
          {DIARY_KINDS.map((k) => (
            <Tab key={k} value={k} label={t(`kinds.${k}`)} id={`diary-tab-${k}`} aria-controls="diary-form" />
          ))}
        </Tabs>
        <CardContent id="diary-form" role="tabpanel" aria-labelledby={`diary-tab-${kind}`}>
          <Form key={kind} />
        </CardContent>
      </Card>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('history')}
      </Typography>
      {entries.isPending ? <CircularProgress aria-label={t('loading')} /> : <EntryList entries={entries.data} />}
    </Box>
  );
}
