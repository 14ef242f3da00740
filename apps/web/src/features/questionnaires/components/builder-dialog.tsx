import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionnaireWriteSchema, type Questionnaire } from '@wellbe/shared/schemas/questionnaires';
import { isApiError } from '../../../lib/api.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { notify } from '../../../lib/notify.ts';
import { useAppointmentTypes, useSaveQuestionnaire } from '../api.ts';
import { toDrafts, toQuestions } from '../builder-model.ts';
import { BUILDER_KEYS } from '../messages.ts';
import { newQuestion, QuestionEditor, type DraftQuestion } from './question-editor.tsx';

/** Creates a questionnaire, or writes the next version of one (answers keep theirs). */
export function BuilderDialog({ questionnaire, onClose }: { questionnaire: Questionnaire | null; onClose: () => void }) {
  const { t } = useTranslation('questionnaires');
  const titleId = useId();
  const [title, setTitle] = useState(questionnaire?.title ?? '');
  const [introduction, setIntroduction] = useState(questionnaire?.introduction ?? '');
  const [preVisit, setPreVisit] = useState(questionnaire?.preVisit ?? false);
  const [typeIds, setTypeIds] = useState<string[]>(questionnaire?.appointmentTypeIds ?? []);
  const [drafts, setDrafts] = useState<DraftQuestion[]>(() => toDrafts(questionnaire));
  const [error, setError] = useState<string | null>(null);
  const types = useAppointmentTypes();
  const save = useSaveQuestionnaire();
  const nextId = () => `q${Math.max(0, ...drafts.map((d) => Number(/^q(\d+)$/.exec(d.id)?.[1] ?? 0))) + 1}`;
  const replace = (i: number, q: DraftQuestion) => setDrafts((all) => all.map((x, j) => (j === i ? q : x)));
  const submit = () => {
    const parsed = questionnaireWriteSchema.safeParse({ title, introduction, preVisit, appointmentTypeIds: typeIds, questions: toQuestions(drafts) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = issue.path[0] === 'questions' && typeof issue.path[1] === 'number' ? `${t('common:labelled', { label: t('builder.questionN', { n: issue.path[1] + 1 }) })} ` : '';
      return setError(at + translateMessage(t, BUILDER_KEYS, issue.message));
    }
    save.mutate(
      { id: questionnaire?.id ?? null, body: parsed.data },
      { onSuccess: () => (notify(t('builder.saved'), 'success'), onClose()), onError: (e) => setError(isApiError(e) ? e.message : t('form.saveError')) },
    );
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{questionnaire ? t('builder.editTitle', { version: questionnaire.version + 1 }) : t('builder.newTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label={t('builder.title')} value={title} onChange={(e) => setTitle(e.target.value)} required fullWidth />
        <TextField label={t('builder.introduction')} value={introduction} onChange={(e) => setIntroduction(e.target.value)} multiline minRows={2} fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel control={<Checkbox checked={preVisit} onChange={(e) => setPreVisit(e.target.checked)} />} label={t('builder.preVisit')} />
          <TextField select label={t('builder.types')} helperText={t('builder.typesHelp')} value={typeIds} onChange={(e) => setTypeIds(e.target.value as unknown as string[])} slotProps={{ select: { multiple: true, renderValue: (v) => (types.data ?? []).filter((x) => (v as string[]).includes(x.id)).map((x) => x.label).join(', ') } }} sx={{ minWidth: 260 }}>
            {(types.data ?? []).map((type) => (
              <MenuItem key={type.id} value={type.id}>
                <Checkbox checked={typeIds.includes(type.id)} />
                <ListItemText primary={type.label} />
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('builder.questions')}>
          {drafts.map((q, i) => (
            <QuestionEditor
              key={q.id}
              q={q}
              index={i}
              earlier={drafts.slice(0, i)}
              onChange={(next) => replace(i, next)}
              onRemove={() => setDrafts((all) => all.filter((_, j) => j !== i))}
              onUp={i > 0 ? () => setDrafts((all) => [...all.slice(0, i - 1), all[i]!, all[i - 1]!, ...all.slice(i + 1)]) : undefined}
            />
          ))}
        </Stack>
        <Button startIcon={<AddIcon />} onClick={() => setDrafts((all) => [...all, { ...newQuestion(0), id: nextId() }])} sx={{ justifySelf: 'start' }}>
          {t('builder.add')}
        </Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>{t('builder.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>{t('builder.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
