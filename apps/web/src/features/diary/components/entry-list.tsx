import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiaryEntry } from '@wellbe/shared/schemas/diary';
import { useEntryText } from '../../../components/diary-entry-text.ts';
import { Ltr } from '../../../components/ltr.tsx';
import { MealPhoto } from '../../../components/meal-photo.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** Entries shown at first, and added by each "Afficher plus" (a phone's page stays short). */
const PAGE = 15;

/** The latest entries, each with the practitioner's comment when there is one. */
export function EntryList({ entries }: { entries: DiaryEntry[] }) {
  const { t } = useTranslation('diary');
  const text = useEntryText();
  const [shown, setShown] = useState(PAGE);
  if (!entries.length) return <Typography color="textSecondary">{t('empty')}</Typography>;
  return (
    <>
    <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }} aria-label={t('history')}>
      {entries.slice(0, shown).map((e) => (
        <Card component="li" key={e.id} variant="outlined" sx={{ listStyle: 'none' }} data-testid="diary-entry">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="body2" color="textSecondary">
              {t(`kinds.${e.kind}`)} · <Ltr>{formatDateTime(e.at)}</Ltr>
            </Typography>
            <Typography>{text(e)}</Typography>
            {e.kind === 'meal' && e.hasPhoto && <MealPhoto id={e.id} when={formatDateTime(e.at)} />}
            {e.comment && (
              <Alert severity="info" icon={false} sx={{ mt: 1 }}>
                <strong>{t('commentBy', { author: e.comment.author })}</strong> {e.comment.text}
              </Alert>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
    {entries.length > shown && (
      <Button sx={{ mt: 1 }} onClick={() => setShown((n) => n + PAGE)}>
        {t('more')}
      </Button>
    )}
    </>
  );
}
