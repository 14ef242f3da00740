import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import CheckBoxIcon from '@mui/icons-material/CheckBoxOutlined';
import CheckBoxBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import type { Note } from '@wellbe/shared/schemas/notes';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { NOTE_BACKGROUNDS } from './note-colours.ts';

/** One card of the masonry: title, text or the first items of the list, labels, reminder. Text is shown as text (never markup). */
export function NoteCard({ note, onOpen }: { note: Note; onOpen: () => void }) {
  const { t } = useTranslation('notes');
  const items = note.items.slice(0, 8);
  return (
    <Card variant="outlined" sx={{ bgcolor: NOTE_BACKGROUNDS[note.colour], color: 'rgba(0,0,0,0.87)', breakInside: 'avoid', mb: 2 }} data-testid="note-card">
      <CardActionArea onClick={onOpen} aria-label={t('card.open', { title: note.title || t('card.untitled') })}>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
            {note.title && (
              <Typography component="h3" sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
                {note.title}
              </Typography>
            )}
            {note.pinned && <PushPinIcon fontSize="small" aria-label={t('card.pinned')} sx={{ ml: 'auto' }} />}
          </Stack>
          {note.kind === 'text' ? (
            note.content && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1, display: '-webkit-box', WebkitLineClamp: 10, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                {note.content}
              </Typography>
            )
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
              {items.map((item, i) => (
                <Box component="li" key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1, textDecoration: item.done ? 'line-through' : 'none' }}>
                  {item.done ? <CheckBoxIcon fontSize="small" aria-label={t('dialog.done')} /> : <CheckBoxBlankIcon fontSize="small" aria-label={t('dialog.todo')} />}
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {item.text}
                  </Typography>
                </Box>
              ))}
              {note.items.length > items.length && <Typography variant="body2">{t('card.moreItems', { count: note.items.length - items.length })}</Typography>}
            </Box>
          )}
          {(note.labels.length > 0 || note.reminderAt || note.patient) && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1.5 }}>
              {note.reminderAt && <Chip size="small" icon={<AlarmIcon />} label={<bdi>{formatDateTime(note.reminderAt)}</bdi>} sx={{ bgcolor: 'rgba(0,0,0,0.08)', color: 'inherit' }} />}
              {note.patient && <Chip size="small" icon={<PersonIcon />} label={note.patient.fullName} sx={{ bgcolor: 'rgba(0,0,0,0.08)', color: 'inherit' }} />}
              {note.labels.map((l) => (
                <Chip key={l.id} size="small" label={l.name} sx={{ bgcolor: 'rgba(0,0,0,0.08)', color: 'inherit' }} />
              ))}
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
