import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgramExerciseWrite } from '@wellbe/shared/schemas/sport';
import { NotTranslated } from './exercise-search.tsx';

// One session of the sport program builder: its name, its order among the sessions, and its
// exercises, each with its dose, reordered by drag and drop (announced) or by the arrows.

export type Line = ProgramExerciseWrite & { name: string; translated: boolean; key: number };
export interface DraftSession {
  id?: string;
  name: string;
  exercises: Line[];
}

let keys = 0;
export const nextKey = () => ++keys;

export function move<T>(list: T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The session's lines after a drag ended over another line (the saved order is the list's). */
function dropped(lines: Line[], { active, over }: DragEndEvent): Line[] {
  if (!over || active.id === over.id) return lines;
  const from = lines.findIndex((l) => l.key === active.id);
  const to = lines.findIndex((l) => l.key === over.id);
  return from < 0 || to < 0 ? lines : arrayMove(lines, from, to);
}


const num = (v: string): number | null => (v.trim() === '' ? null : Number(v));

function LineEditor({ line, onChange, onRemove, onMove, first, last, sessionName }: { line: Line; onChange: (l: Line) => void; onRemove: () => void; onMove: (step: -1 | 1) => void; first: boolean; last: boolean; sessionName: string }) {
  const { t } = useTranslation('sport');
  const [loadMode, setLoadMode] = useState<'kg' | 'pct'>(line.loadPct != null ? 'pct' : 'kg');
  // Drag by the handle (mouse, touch, or keyboard: Space, arrows, Space); the arrows stay as well.
  const sortable = useSortable({ id: line.key });
  const field = (key: keyof ProgramExerciseWrite, label: string, width = 92, inputProps: Record<string, number> = {}) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={(line[key] as number | null) ?? ''}
      onChange={(e) => onChange({ ...line, [key]: num(e.target.value) })}
      sx={{ width }}
      slotProps={{ htmlInput: { min: 0, ...inputProps } }}
    />
  );
  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      sx={{ listStyle: 'none', border: 1, borderColor: sortable.isDragging ? 'primary.main' : 'divider', borderRadius: 2, p: 1.5, display: 'grid', gap: 1, bgcolor: 'background.paper', position: 'relative', zIndex: sortable.isDragging ? 1 : 'auto' }}
      aria-label={line.name}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton size="small" ref={sortable.setActivatorNodeRef} {...sortable.attributes} {...sortable.listeners} aria-label={t('builder.drag', { name: line.name, session: sessionName })} sx={{ cursor: 'grab', touchAction: 'none' }}>
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          <span lang={line.translated ? 'fr' : 'en'}>{line.name}</span>
          {!line.translated && <NotTranslated />}
        </Typography>
        <IconButton size="small" aria-label={t('builder.moveUp', { name: line.name, session: sessionName })} disabled={first} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={t('builder.moveDown', { name: line.name, session: sessionName })} disabled={last} onClick={() => onMove(1)}>
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={t('builder.remove', { name: line.name, session: sessionName })} onClick={onRemove}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {field('sets', t('builder.sets'), 80, { min: 1, max: 20 })}
        {field('reps', t('builder.reps'), 92, { min: 1, max: 200 })}
        {field('durationS', t('builder.duration'), 110, { min: 1, max: 10800 })}
        <TextField
          select
          size="small"
          label={t('builder.loadUnit')}
          value={loadMode}
          onChange={(e) => {
            const mode = e.target.value as 'kg' | 'pct';
            setLoadMode(mode);
            onChange({ ...line, loadKg: mode === 'kg' ? line.loadKg : null, loadPct: mode === 'pct' ? line.loadPct : null });
          }}
          sx={{ width: 120 }}
        >
          <MenuItem value="kg">{t('builder.kg')}</MenuItem>
          <MenuItem value="pct">{t('builder.pct')}</MenuItem>
        </TextField>
        {loadMode === 'kg' ? field('loadKg', t('builder.loadKg'), 100, { max: 500, step: 0.5 }) : field('loadPct', t('builder.loadPct'), 100, { min: 1, max: 150 })}
        {field('restS', t('builder.rest'), 100, { max: 3600 })}
        <TextField size="small" label={t('builder.tempo')} value={line.tempo} onChange={(e) => onChange({ ...line, tempo: e.target.value })} sx={{ width: 100 }} />
        <TextField size="small" label={t('builder.notes')} value={line.notes} onChange={(e) => onChange({ ...line, notes: e.target.value })} sx={{ flex: '1 1 200px' }} />
      </Box>
    </Box>
  );
}

/** A session: its header (name, target of the library, order, removal) and its sortable exercises. */
export function SessionEditor({
  s,
  selected,
  first,
  last,
  only,
  onChange,
  onTarget,
  onMove,
  onRemove,
}: {
  s: DraftSession;
  selected: boolean;
  first: boolean;
  last: boolean;
  only: boolean;
  onChange: (s: DraftSession) => void;
  onTarget: () => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('sport');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (lines: Line[], key: unknown) => lines.find((l) => l.key === key)?.name ?? '';
  const positionOf = (lines: Line[], key: unknown) => lines.findIndex((l) => l.key === key) + 1;
  const announcements = (lines: Line[]) => ({
    onDragStart: ({ active }: { active: { id: unknown } }) => t('builder.dragStart', { name: nameOf(lines, active.id) }),
    onDragOver: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) => (over ? t('builder.dragOver', { name: nameOf(lines, active.id), position: positionOf(lines, over.id) }) : undefined),
    onDragEnd: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) => (over ? t('builder.dragEnd', { name: nameOf(lines, active.id), position: positionOf(lines, over.id) }) : t('builder.dragCancel', { name: nameOf(lines, active.id) })),
    onDragCancel: ({ active }: { active: { id: unknown } }) => t('builder.dragCancel', { name: nameOf(lines, active.id) }),
  });
  return (
    <Box component="section" aria-label={s.name} sx={{ border: 2, borderColor: selected ? 'primary.main' : 'divider', borderRadius: 2, p: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField size="small" label={t('builder.sessionName')} value={s.name} onChange={(e) => onChange({ ...s, name: e.target.value })} sx={{ flex: 1 }} />
        <Button size="small" variant={selected ? 'contained' : 'outlined'} onClick={onTarget} aria-pressed={selected}>
          {t('builder.target')}
        </Button>
        <IconButton aria-label={t('builder.moveSessionUp', { name: s.name })} disabled={first} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton aria-label={t('builder.moveSessionDown', { name: s.name })} disabled={last} onClick={() => onMove(1)}>
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={t('builder.removeSession', { name: s.name })} disabled={only} onClick={onRemove}>
          <DeleteOutlineIcon />
        </IconButton>
      </Box>
      {s.exercises.length === 0 && <Typography color="textSecondary">{t('builder.emptySession')}</Typography>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} accessibility={{ announcements: announcements(s.exercises), screenReaderInstructions: { draggable: t('builder.dragHelp') } }} onDragEnd={(e) => onChange({ ...s, exercises: dropped(s.exercises, e) })}>
      <SortableContext items={s.exercises.map((l) => l.key)} strategy={verticalListSortingStrategy}>
      <Box component="ol" sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
        {s.exercises.map((line, li) => (
          <LineEditor
            key={line.key}
            line={line}
            sessionName={s.name}
            first={li === 0}
            last={li === s.exercises.length - 1}
            onChange={(l) => onChange({ ...s, exercises: s.exercises.map((x, i) => (i === li ? l : x)) })}
            onRemove={() => onChange({ ...s, exercises: s.exercises.filter((_, i) => i !== li) })}
            onMove={(step) => onChange({ ...s, exercises: move(s.exercises, li, step) })}
          />
        ))}
      </Box>
      </SortableContext>
      </DndContext>
    </Box>
  );
}
