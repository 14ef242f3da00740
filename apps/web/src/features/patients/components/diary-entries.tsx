import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import type { DiaryEntry } from '@wellbe/shared/schemas/diary';
import { useEntryText } from '../../../components/diary-entry-text.ts';
import { Ltr } from '../../../components/ltr.tsx';
import { MealPhoto } from '../../../components/meal-photo.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useCommentEntry } from '../api/diary.ts';

function CommentForm({ idPatient, entry, onDone }: { idPatient: string; entry: DiaryEntry; onDone: () => void }) {
  const { t } = useTranslation('diary');
  const comment = useCommentEntry(idPatient);
  const [text, setText] = useState(entry.comment?.text ?? '');
  return (
    <Box component="form" sx={{ display: 'grid', gap: 1, mt: 1 }} onSubmit={(e) => (e.preventDefault(), comment.mutate({ id: entry.id, comment: text }, { onSuccess: () => (notify(t('file.commented'), 'success'), onDone()) }))}>
      <TextField label={t('file.comment')} value={text} onChange={(e) => setText(e.target.value)} multiline minRows={2} size="small" />
      {comment.isError && <Alert severity="error">{isApiError(comment.error) ? comment.error.message : t('errors.save')}</Alert>}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" size="small" disabled={comment.isPending || !text.trim()}>
          {t('file.send')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('file.cancel')}
        </Button>
      </Box>
    </Box>
  );
}

/** Entries shown at first, and added by each "Afficher plus". */
const PAGE = 15;

/** The diary's latest entries in the file; a practitioner comments one (the patient reads it in /journal). */
export function DiaryEntries({ idPatient, entries }: { idPatient: string; entries: DiaryEntry[] }) {
  const { t } = useTranslation('diary');
  const { role } = useSession();
  const text = useEntryText();
  const [open, setOpen] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);
  if (!entries.length) return <Typography color="textSecondary">{t('file.none')}</Typography>;
  return (
    <>
    <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }} aria-label={t('file.entries')}>
      {entries.slice(0, shown).map((e) => (
        <Card component="li" key={e.id} variant="outlined" sx={{ listStyle: 'none' }} data-testid="file-diary-entry">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="body2" color="textSecondary">
              {t(`kinds.${e.kind}`)} · <Ltr>{formatDateTime(e.at)}</Ltr>
            </Typography>
            <Typography>{text(e)}</Typography>
            {e.kind === 'meal' && e.hasPhoto && <MealPhoto id={e.id} when={formatDateTime(e.at)} />}
            {e.comment && open !== e.id && (
              <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
                {t('commentBy', { author: e.comment.author })} {e.comment.text}
              </Typography>
            )}
            {open === e.id ? (
              <CommentForm idPatient={idPatient} entry={e} onDone={() => setOpen(null)} />
            ) : (
              can(role, 'dpsWrite') && (
                <Button size="small" onClick={() => setOpen(e.id)} aria-label={t('file.commentOf', { entry: text(e) })}>
                  {e.comment ? t('file.editComment') : t('file.addComment')}
                </Button>
              )
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
    {entries.length > shown && (
      <Button sx={{ justifySelf: 'start' }} onClick={() => setShown((n) => n + PAGE)}>
        {t('more')}
      </Button>
    )}
    </>
  );
}
