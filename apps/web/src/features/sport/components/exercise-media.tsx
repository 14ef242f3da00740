import { Box } from '@mui/material';
import type { Exercise } from '@wellbe/shared/schemas/sport';
import { useExerciseMediaUrl } from '../api/exercises.ts';

/** An exercise's image or short video (muted, with controls), sized for a 390 px phone first. */
export function ExerciseMedia({ exercise, maxHeight = 240 }: { exercise: Pick<Exercise, 'id' | 'name' | 'media'>; maxHeight?: number }) {
  const url = useExerciseMediaUrl(exercise.id, exercise.media?.version ?? null);
  if (!exercise.media || !url) return null;
  const sx = { display: 'block', maxWidth: '100%', maxHeight, borderRadius: 1, my: 1 };
  return exercise.media.kind === 'video' ? (
    <Box component="video" src={url} controls muted playsInline preload="metadata" aria-label={exercise.name} sx={sx} />
  ) : (
    <Box component="img" src={url} alt={exercise.name} sx={sx} />
  );
}
