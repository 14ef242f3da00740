import { Alert, Box, Button, Card, CircularProgress, InputAdornment, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, TextField, Typography } from '@mui/material';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import NoteIcon from '@mui/icons-material/StickyNote2Outlined';
import SearchIcon from '@mui/icons-material/Search';
import type { Note, NoteFilter } from '@wellbe/shared/schemas/notes';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isStale, useTypedSearch } from '../../lib/typed-search.ts';
import { useNotes } from './api/list-notes.ts';
import { useNote } from './api/read-note.ts';
import { LabelsDialog } from './components/labels-dialog.tsx';
import { NoteCard } from './components/note-card.tsx';
import { NoteDialog } from './components/note-dialog.tsx';

// SPEC §2 /notes/{id?}/{labelHandle?}/{labelId?}, read as the Fuse notes app reads it:
//   /notes                             the notes (pinned first)
//   /notes/{noteId}                    the same, with that note open in its dialog
//   /notes/filters/reminders|archive   Rappels, Archives
//   /notes/labels/{labelHandle}/{id}   one label
// so that every view reloads as it was.
function viewOf(params: { id?: string; labelHandle?: string; labelId?: string }): { filter: NoteFilter; labelId?: string; noteId: string | null } {
  if (params.id === 'labels' && params.labelId) return { filter: 'label', labelId: params.labelId, noteId: null };
  if (params.id === 'filters' && params.labelHandle === 'reminders') return { filter: 'reminders', noteId: null };
  if (params.id === 'filters' && params.labelHandle === 'archive') return { filter: 'archive', noteId: null };
  return { filter: 'notes', noteId: params.id && params.id !== 'filters' && params.id !== 'labels' ? params.id : null };
}

function SideLink({ to, icon, label, selected, separated = false }: { to: string; icon: ReactNode; label: string; selected: boolean; separated?: boolean }) {
  return (
    <ListItem disablePadding sx={separated ? { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1 } : undefined}>
      <ListItemButton component={RouterLink} to={to} selected={selected} aria-current={selected ? 'page' : undefined} sx={{ borderRadius: 2 }}>
        <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
        <ListItemText primary={label} slotProps={{ primary: { noWrap: true } }} />
      </ListItemButton>
    </ListItem>
  );
}

export function NotesPage() {
  const { t } = useTranslation('notes');
  const params = useParams();
  const navigate = useNavigate();
  const view = viewOf(params);
  const [search, setSearch] = useState('');
  const typed = useTypedSearch(search, 300);
  const q = typed.q;
  // /notes?patient={id}: the caller's notes linked to that file (the link from the patient file).
  const [searchParams] = useSearchParams();
  const patientParam = searchParams.get('patient');
  const patientId = patientParam && /^[0-9a-f-]{36}$/i.test(patientParam) ? patientParam : undefined;
  const list = useNotes({ filter: view.filter, labelId: view.labelId, q: q || undefined, patientId });
  const stale = isStale(typed.settled, list);
  const labels = list.data?.labels ?? [];
  const [editing, setEditing] = useState<Note | 'new' | null>(null);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const routed = useNote(view.noteId);
  const notes = list.data?.notes ?? [];
  const pinned = notes.filter((n) => n.pinned);
  const others = notes.filter((n) => !n.pinned);
  const currentLabel = labels.find((l) => l.id === view.labelId);
  const here = view.filter === 'label' && currentLabel ? `/notes/labels/${currentLabel.handle}/${currentLabel.id}` : view.filter === 'notes' ? '/notes' : `/notes/filters/${view.filter === 'reminders' ? 'reminders' : 'archive'}`;

  const open = (note: Note) => (view.filter === 'notes' ? navigate(`/notes/${note.id}`) : setEditing(note));
  const close = () => {
    setEditing(null);
    if (view.noteId) void navigate('/notes');
  };
  const heading = view.filter === 'label' ? (currentLabel?.name ?? t('side.label')) : t(`side.${view.filter}`);

  const grid = (items: Note[]) => (
    <Box sx={{ columnCount: { xs: 1, sm: 2, md: 3, xl: 4 }, columnGap: 2 }} inert={stale} aria-busy={stale}>
      {items.map((n) => (
        <NoteCard key={n.id} note={n} onOpen={() => open(n)} />
      ))}
    </Box>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3, alignItems: 'flex-start' }}>
        <Paper component="nav" aria-label={t('side.title')} variant="outlined" sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0, p: 1 }}>
          <List dense disablePadding>
            <SideLink to="/notes" icon={<NoteIcon />} label={t('side.notes')} selected={view.filter === 'notes'} />
            <SideLink to="/notes/filters/reminders" icon={<AlarmIcon />} label={t('side.reminders')} selected={view.filter === 'reminders'} />
            {labels.map((l) => (
              <SideLink key={l.id} to={`/notes/labels/${l.handle}/${l.id}`} icon={<LabelIcon />} label={l.name} selected={view.labelId === l.id} />
            ))}
            <ListItem disablePadding>
              <ListItemButton onClick={() => setLabelsOpen(true)} sx={{ borderRadius: 2 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <EditIcon />
                </ListItemIcon>
                <ListItemText primary={t('side.editLabels')} />
              </ListItemButton>
            </ListItem>
            <SideLink to="/notes/filters/archive" icon={<ArchiveIcon />} label={t('side.archive')} selected={view.filter === 'archive'} separated />
          </List>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', flex: 1 }}>
              {heading}
            </Typography>
            <TextField
              size="small"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('search')}
              slotProps={{ htmlInput: { 'aria-label': t('search'), maxLength: 100 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
              sx={{ minWidth: { xs: '100%', sm: 280 } }}
            />
          </Box>
          {patientId && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              action={
                <Button component={RouterLink} to="/notes" color="inherit" size="small">
                  {t('patientFilterAll')}
                </Button>
              }
            >
              {t('patientFilter', { name: notes.find((n) => n.patient)?.patient?.fullName ?? '' })}
            </Alert>
          )}
          {list.isPending ? (
            <CircularProgress aria-label={t('loading')} />
          ) : list.isError ? (
            <Alert severity="error">{list.error.message}</Alert>
          ) : notes.length === 0 ? (
            <Card variant="outlined">
              <EmptyState icon={<NoteIcon fontSize="large" />} title={q ? t('empty.search') : t(`empty.${view.filter}`)} text={q ? undefined : t('empty.text')} />
            </Card>
          ) : view.filter === 'notes' && pinned.length > 0 ? (
            <>
              <Typography variant="overline" component="h3">
                {t('pinned')}
              </Typography>
              {grid(pinned)}
              {others.length > 0 && (
                <>
                  <Typography variant="overline" component="h3">
                    {t('others')}
                  </Typography>
                  {grid(others)}
                </>
              )}
            </>
          ) : (
            grid(notes)
          )}
        </Box>
      </Box>
      {editing && <NoteDialog key={editing === 'new' ? 'new' : editing.id} note={editing === 'new' ? null : editing} labels={labels} defaults={{ ...(view.labelId ? { labelIds: [view.labelId] } : {}), ...(patientId && notes[0]?.patient ? { patient: notes[0].patient } : {}) }} onClose={close} />}
      {!editing && view.noteId && routed.data && <NoteDialog key={routed.data.id} note={routed.data} labels={labels} onClose={close} />}
      {!editing && view.noteId && routed.isError && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => navigate(here)}>
          {routed.error.message}
        </Alert>
      )}
      {labelsOpen && <LabelsDialog labels={labels} onClose={() => setLabelsOpen(false)} />}
    </>
  );
}
