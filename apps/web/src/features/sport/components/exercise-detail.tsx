import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { EXERCISE_MEDIA, type Exercise } from '@wellbe/shared/schemas/sport';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useArchiveExercise, useRemoveExerciseMedia, useUploadExerciseMedia } from '../api/exercises.ts';
import { ExerciseMedia } from './exercise-media.tsx';
import { ExerciseMeta, NotTranslated } from './exercise-search.tsx';

/**
 * An exercise's detail: its image or video, its catalogs and its instructions as numbered steps.
 * Who may change it (their organisation's exercise; the shared library for a developer) adds or
 * removes the image/video and deactivates it, after the 'Confirmation' dialog.
 */
export function ExerciseDetail({ exercise: initial, onClose }: { exercise: Exercise; onClose: () => void }) {
  const { t } = useTranslation('sport');
  const { role } = useSession();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [exercise, setExercise] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const upload = useUploadExerciseMedia();
  const remove = useRemoveExerciseMedia();
  const archive = useArchiveExercise();
  const manage = can(role, 'practitionerWrite') && (exercise.source === 'organisation' || role === 'DE');
  const failed = upload.error ?? remove.error ?? archive.error;
  const pick = (file: File | undefined) => {
    if (!file) return;
    upload.mutate({ id: exercise.id, file }, { onSuccess: (saved) => (setExercise(saved), notify(t('media.saved'), 'success')) });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        <span lang={exercise.translated ? 'fr' : 'en'}>{exercise.name}</span>
        {!exercise.translated && <NotTranslated />}
      </DialogTitle>
      <DialogContent>
        <ExerciseMedia exercise={exercise} />
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          <ExerciseMeta exercise={exercise} />
        </Typography>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {t('library.steps')}
        </Typography>
        <ol lang={exercise.translated ? 'fr' : 'en'}>
          {exercise.instructions.map((step, i) => (
            <li key={i}>
              <Typography variant="body2">{step}</Typography>
            </li>
          ))}
        </ol>
        {manage && (
          <Box component="section" aria-label={t('media.title')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <input ref={input} type="file" hidden accept={EXERCISE_MEDIA.accept} aria-label={t('media.choose')} data-testid="exercise-media-input" onChange={(e) => (pick(e.target.files?.[0]), (e.target.value = ''))} />
            <Button startIcon={<UploadIcon />} variant="outlined" disabled={upload.isPending} onClick={() => input.current?.click()}>
              {exercise.media ? t('media.replace') : t('media.add')}
            </Button>
            {exercise.media && (
              <Button disabled={remove.isPending} onClick={() => remove.mutate(exercise.id, { onSuccess: setExercise })}>
                {t('media.remove')}
              </Button>
            )}
            <Typography variant="body2" color="textSecondary">
              {t('media.help')}
            </Typography>
          </Box>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {isApiError(failed) ? failed.message : t('errors.save')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {manage && (
          <Button color="error" onClick={() => setConfirming(true)} sx={{ marginInlineEnd: 'auto' }}>
            {t('media.deactivate')}
          </Button>
        )}
        <Button onClick={onClose} autoFocus>
          {t('actions.close')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        text={t('media.deactivateText', { name: exercise.name })}
        confirmLabel={t('media.deactivateConfirm')}
        busy={archive.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          archive.mutate(exercise.id, {
            onSuccess: () => {
              notify(t('media.deactivated', { name: exercise.name }), 'success');
              onClose();
            },
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Dialog>
  );
}
