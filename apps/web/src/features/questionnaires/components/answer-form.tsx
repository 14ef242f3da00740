import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerProblem, checkAnswers, isShown, questionnaireDefinitionSchema, QUESTIONNAIRE_MESSAGES, type Answers, type AnswerValue, type Assignment } from '@wellbe/shared/schemas/questionnaires';
import { isApiError } from '../../../lib/api.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveAnswers } from '../api.ts';
import { answerMessageKeys } from '../messages.ts';
import { QuestionField } from './question-field.tsx';

/**
 * The patient's form: one question per screen on a phone (each "Suivant" saves the draft), every
 * question on one page on a desktop ("Enregistrer" keeps a draft); "Envoyer" submits, checked here
 * with the server's own rules (packages/shared) so the messages are the same.
 */
export function AnswerForm({ assignment, onDone }: { assignment: Assignment; onDone: () => void }) {
  const { t } = useTranslation('questionnaires');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const questions = useMemo(() => questionnaireDefinitionSchema.parse({ title: assignment.questionnaire.title, questions: assignment.questionnaire.questions }).questions, [assignment]);
  const messageKeys = useMemo(() => answerMessageKeys(questions), [questions]);
  const [answers, setAnswers] = useState<Answers>(assignment.answers as Answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState(0);
  const save = useSaveAnswers();
  const shown = questions.filter((q) => isShown(q, answers));
  const current = shown[Math.min(step, shown.length - 1)]!;
  const last = step >= shown.length - 1;

  const set = (id: string, v: AnswerValue) => {
    setAnswers((a) => ({ ...a, [id]: v }));
    setErrors((e) => ({ ...e, [id]: '' }));
  };
  const send = (submit: boolean, then: () => void) =>
    save.mutate(
      { id: assignment.id, answers, submit },
      {
        onSuccess: then,
        onError: (err) => {
          const issues = isApiError(err) ? ((err.data as { error?: { details?: { issues?: { questionId: string; message: string }[] } } } | null)?.error?.details?.issues ?? []) : [];
          setErrors(Object.fromEntries(issues.map((i) => [i.questionId, i.message])));
        },
      },
    );
  const submit = () => {
    const { issues } = checkAnswers(questions, answers, true);
    if (issues.length) {
      setErrors(Object.fromEntries(issues.map((i) => [i.questionId, i.message])));
      const first = shown.findIndex((q) => issues.some((i) => i.questionId === q.id));
      if (phone && first >= 0) setStep(first);
      return;
    }
    send(true, () => {
      notify(t('form.sent'), 'success');
      onDone();
    });
  };
  const next = () => {
    const v = answers[current.id];
    const problem = answerProblem(current, v) ?? (current.required && (v == null || v === '' || (Array.isArray(v) && !v.length)) ? QUESTIONNAIRE_MESSAGES.required : null);
    if (problem) return setErrors((e) => ({ ...e, [current.id]: problem }));
    send(false, () => setStep((s) => s + 1));
  };
  const field = (q: (typeof questions)[number]) => <QuestionField key={q.id} question={q} value={answers[q.id]} error={translateMessage(t, messageKeys, errors[q.id])} onChange={(v) => set(q.id, v)} />;
  const failed = save.isError && !Object.values(errors).some(Boolean) && <Alert severity="error">{isApiError(save.error) ? translateMessage(t, messageKeys, save.error.message) : t('form.saveError')}</Alert>;

  return (
    <Card component="section" aria-label={assignment.questionnaire.title}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>{assignment.questionnaire.title}</Typography>
        {assignment.questionnaire.introduction && (step === 0 || !phone) && <Typography color="textSecondary">{assignment.questionnaire.introduction}</Typography>}
        {phone ? (
          <>
            <Box>
              <Typography variant="body2" data-testid="question-progress">{t('form.progress', { n: step + 1, total: shown.length })}</Typography>
              <LinearProgress variant="determinate" value={((step + 1) / shown.length) * 100} aria-label={t('form.progressLabel')} />
            </Box>
            {field(current)}
            {failed}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
              <Button onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0 || save.isPending}>{t('form.previous')}</Button>
              {last ? <Button variant="contained" onClick={submit} disabled={save.isPending}>{t('form.submit')}</Button> : <Button variant="contained" onClick={next} disabled={save.isPending}>{t('form.next')}</Button>}
            </Stack>
          </>
        ) : (
          <>
            {shown.map(field)}
            {failed}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <Button onClick={() => send(false, () => notify(t('form.saved'), 'success'))} disabled={save.isPending}>{t('form.saveLater')}</Button>
              <Button variant="contained" onClick={submit} disabled={save.isPending}>{t('form.submit')}</Button>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
