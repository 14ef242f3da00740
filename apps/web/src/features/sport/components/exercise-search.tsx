import { Alert, Box, Button, Chip, LinearProgress, List, ListItemButton, ListItemText, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Exercise, SportCatalog } from '@wellbe/shared/schemas/sport';
import { ActionListItem } from '../../../components/action-list-item.tsx';
import { isStale, useTypedSearch } from '../../../lib/typed-search.ts';
import { catalogLabel, useSportCatalog } from '../api/catalogs.ts';
import { useExerciseSearch } from '../api/exercises.ts';

const PAGE = 20;
const FILTERS: { key: 'bodyPart' | 'equipment' | 'level' | 'category'; catalog: SportCatalog }[] = [
  { key: 'bodyPart', catalog: 'bodyparts' },
  { key: 'equipment', catalog: 'equipments' },
  { key: 'level', catalog: 'levels' },
  { key: 'category', catalog: 'categories' },
];

function FilterSelect({ label, catalog, value, onChange }: { label: string; catalog: SportCatalog; value: number | ''; onChange: (v: number | '') => void }) {
  const { t, i18n } = useTranslation('sport');
  const items = useSportCatalog(catalog).data ?? [];
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))} sx={{ minWidth: 160, flex: '1 1 160px' }}>
      <MenuItem value="">{t('library.all')}</MenuItem>
      {items
        .filter((i) => i.active)
        .map((i) => (
          <MenuItem key={i.id} value={i.id}>
            {catalogLabel(items, i.id, i18n.language)}
          </MenuItem>
        ))}
    </TextField>
  );
}

/** A short line under an exercise name: its level, equipment and body parts. */
export function ExerciseMeta({ exercise }: { exercise: Exercise }) {
  const { i18n } = useTranslation('sport');
  const levels = useSportCatalog('levels').data;
  const equipments = useSportCatalog('equipments').data;
  const parts = useSportCatalog('bodyparts').data;
  return (
    <>
      {[catalogLabel(levels, exercise.levelId, i18n.language), catalogLabel(equipments, exercise.equipmentId, i18n.language), ...exercise.primaryBodyPartIds.map((id) => catalogLabel(parts, id, i18n.language))].filter(Boolean).join(' · ')}
    </>
  );
}

export function NotTranslated() {
  const { t } = useTranslation('sport');
  return <Chip size="small" variant="outlined" label={t('library.notTranslated')} sx={{ marginInlineStart: 1 }} lang="fr" />;
}

/**
 * The library's search: a name (accent-insensitive, French or English) and the four catalog
 * filters; each result opens its detail, or is added to a session when `onAdd` is given.
 */
export function ExerciseSearch({ onOpen, onAdd, idPrefix }: { onOpen?: (e: Exercise) => void; onAdd?: (e: Exercise) => void; idPrefix: string }) {
  const { t } = useTranslation('sport');
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<Record<string, number | ''>>({ bodyPart: '', equipment: '', level: '', category: '' });
  const [page, setPage] = useState(1);
  const typed = useTypedSearch(q, 250);
  const search = useExerciseSearch({
    q: typed.q || undefined,
    ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])),
    limit: PAGE,
    offset: (page - 1) * PAGE,
  });
  const total = search.data?.total ?? 0;
  const stale = isStale(typed.settled, search);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        id={`${idPrefix}-q`}
        size="small"
        type="search"
        label={t('library.search')}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {FILTERS.map((f) => (
          <FilterSelect
            key={f.key}
            label={t(`library.filters.${f.key}`)}
            catalog={f.catalog}
            value={filters[f.key]}
            onChange={(v) => {
              setFilters({ ...filters, [f.key]: v });
              setPage(1);
            }}
          />
        ))}
      </Box>
      {search.isFetching && <LinearProgress aria-label={t('loading')} />}
      {search.isError && <Alert severity="error">{search.error.message}</Alert>}
      <Typography variant="body2" color="textSecondary" role="status">
        {t('library.count', { count: total })}
      </Typography>
      {/* The previous search's exercises stay drawn while the next answer comes, but take no click:
          « Ajouter » on a row replaced under the pointer put another exercise in the session. */}
      <List dense aria-label={t('library.results')} aria-busy={stale} inert={stale} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, py: 0 }}>
        {(search.data?.items ?? []).map((e) => (
          <ActionListItem
            key={e.id}
            disablePadding
            divider
            sx={{ pr: 1 }}
            action={
              onAdd && (
                <Button size="small" startIcon={<AddIcon />} onClick={() => onAdd(e)} aria-label={t('library.addNamed', { name: e.name })}>
                  {t('library.add')}
                </Button>
              )
            }
          >
            <ListItemButton onClick={() => onOpen?.(e)}>
              <ListItemText
                primary={
                  <>
                    <span lang={e.translated ? 'fr' : 'en'}>{e.name}</span>
                    {!e.translated && <NotTranslated />}
                  </>
                }
                secondary={<ExerciseMeta exercise={e} />}
              />
            </ListItemButton>
          </ActionListItem>
        ))}
      </List>
      {total > PAGE && <Pagination count={Math.ceil(total / PAGE)} page={page} onChange={(_, p) => setPage(p)} size="small" aria-label={t('library.pages')} />}
    </Box>
  );
}
