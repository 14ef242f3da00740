import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@wellbe/shared/schemas/questionnaires';
import { QuestionnaireAnswerList } from '../../../components/questionnaire-answer-list.tsx';
import { formatDate } from '../../../lib/format.ts';

/** One answer set of the file: its questionnaire and version, status, and each answered question. */
export function AnswerSet({ a }: { a: Assignment }) {
  const { t } = useTranslation('questionnaires');
  const words = { yes: t('form.yes'), no: t('form.no') };
  const answered = Object.values(a.answers).some((v) => v != null);
  return (
    <Card component="li" sx={{ listStyle: 'none' }} aria-label={a.questionnaire.title}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, flex: 1 }}>{a.questionnaire.title}</Typography>
          <Chip size="small" label={t('list.version', { version: a.questionnaire.version })} />
          <Chip size="small" label={t(`status.${a.status}`)} color={a.status === 'submitted' ? 'success' : a.status === 'in_progress' ? 'warning' : 'default'} />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {t(`source.${a.source}`)} · {a.submittedAt ? t('mine.sentOn', { date: formatDate(a.submittedAt) }) : t('mine.receivedOn', { date: formatDate(a.availableAt) })}
          {a.dueAt && !a.submittedAt ? ` · ${t('mine.dueOn', { date: formatDate(a.dueAt) })}` : ''}
        </Typography>
        {answered ? (
          <QuestionnaireAnswerList questions={a.questionnaire.questions} answers={a.answers} words={words} />
        ) : (
          <Typography variant="body2" color="textSecondary">{t('tab.noAnswer')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
