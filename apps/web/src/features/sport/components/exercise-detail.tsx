import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Exercise } from '@wellbe/shared/schemas/sport';
import { ExerciseMeta, NotTranslated } from './exercise-search.tsx';

/** An exercise's detail: its catalogs and its instructions as numbered steps. */
export function ExerciseDetail({ exercise, onClose }: { exercise: Exercise; onClose: () => void }) {
  const { t } = useTranslation('sport');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        <span lang={exercise.translated ? 'fr' : 'en'}>{exercise.name}</span>
        {!exercise.translated && <NotTranslated />}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
