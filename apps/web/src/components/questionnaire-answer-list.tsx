import { Box, Typography } from '@mui/material';
import { answerText } from '@wellbe/shared/schemas/questionnaires';

type StoredQuestion = { id: string; type: string; label: string; options?: { value: string; label: string }[]; unit?: string };

/** A questionnaire's answered questions as label / answer pairs (patient file, consultation panel). */
export function QuestionnaireAnswerList({ questions, answers, words }: { questions: Record<string, unknown>[]; answers: Record<string, unknown>; words: { yes: string; no: string } }) {
  const answered = (questions as StoredQuestion[]).filter((q) => answers[q.id] != null);
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { sm: 'minmax(160px, 1fr) 2fr' }, columnGap: 2, rowGap: 0.5 }}>
      {answered.map((q) => (
        <Box key={q.id} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary">{q.label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}><bdi>{answerText(q, answers[q.id], words)}</bdi></Typography>
        </Box>
      ))}
    </Box>
  );
}
