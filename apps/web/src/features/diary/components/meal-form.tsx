import { Box, IconButton, List, ListItem, ListItemButton, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEALS, type Meal } from '@wellbe/shared/domain/dietetics';
import { DIARY_LIMITS, DIARY_MESSAGES, HOUSEHOLD_MEASURE_KEYS, type HouseholdMeasure, type MealItemWrite } from '@wellbe/shared/schemas/diary';
import { FileButton } from '../../../components/file-button.tsx';
import { isApiError } from '../../../lib/api.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { notify } from '../../../lib/notify.ts';
import { answerOf, useTypedSearch } from '../../../lib/typed-search.ts';
import { FOOD_QUERY_MIN, useFoodSearch, useUploadPhoto } from '../api/diary.ts';
import { DIARY_KEYS } from '../messages.ts';
import { EntryForm } from './entry-form.tsx';

interface Line {
  foodId: number;
  name: string;
  /** 'g' or a household measure. */
  unit: 'g' | HouseholdMeasure;
  amount: string;
}

function toItem(l: Line): MealItemWrite | null {
  const n = Number(l.amount.replace(',', '.'));
  if (!(n > 0)) return null;
  return l.unit === 'g' ? { foodId: l.foodId, grams: n } : { foodId: l.foodId, measure: l.unit, quantity: n };
}

/** A meal: foods found in the Ciqual table, each in grams or a household measure. */
export function MealForm() {
  const { t } = useTranslation('diary');
  const [meal, setMeal] = useState<Meal>('lunch');
  const [q, setQ] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The list answers the text typed, once the typing pauses (lib/typed-search.ts): never the
  // previous search's foods under a tap meant for this one's.
  const search = useTypedSearch(q, 200, FOOD_QUERY_MIN);
  const found = useFoodSearch(search.q);
  const foods = answerOf(search.settled, found);
  const [photo, setPhoto] = useState<File | null>(null);
  const upload = useUploadPhoto();
  const change = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, k) => (k === i ? { ...l, ...patch } : l)));
  const build = () => {
    const items = lines.map(toItem);
    if (!items.length) return setError(DIARY_MESSAGES.items), null;
    if (items.some((i) => !i)) return setError(DIARY_MESSAGES.quantity), null;
    setError(null);
    return { kind: 'meal' as const, meal, items: items as MealItemWrite[] };
  };
  return (
    <EntryForm label={t('kinds.meal')} build={build} onSaved={(entry) => {
        setLines([]);
        setQ('');
        if (photo) upload.mutate({ id: entry.id, file: photo }, { onError: (e) => notify(isApiError(e) ? translateMessage(t, DIARY_KEYS, e.message)! : t('errors.save'), 'error') });
        setPhoto(null);
      }}
    >
      <TextField select label={t('meal.meal')} value={meal} onChange={(e) => setMeal(e.target.value as Meal)}>
        {MEALS.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`meals.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField label={t('meal.search')} value={q} onChange={(e) => setQ(e.target.value)} type="search" helperText={t('meal.searchHint')} />
      {q.trim().length >= FOOD_QUERY_MIN && (
        <List dense aria-label={t('meal.results')} sx={{ maxHeight: 240, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {(search.waiting || found.isFetching) && !foods && <ListItem>{t('loading')}</ListItem>}
          {(foods ?? []).map((f) => (
            <ListItem key={f.id} disablePadding>
              <ListItemButton onClick={() => (setLines((ls) => [...ls, { foodId: f.id, name: f.nameFr, unit: 'g', amount: '100' }]), setQ(''))}>
                <ListItemText primary={f.nameFr} secondary={t('meal.per100', { kcal: Math.round(f.energyKcal) })} />
              </ListItemButton>
            </ListItem>
          ))}
          {foods?.length === 0 && <ListItem>{t('meal.noFood')}</ListItem>}
        </List>
      )}
      <Box component="ul" aria-label={t('meal.items')} sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {lines.map((l, i) => (
          <Box component="li" key={`${l.foodId}-${i}`} sx={{ listStyle: 'none', display: 'grid', gap: 1, gridTemplateColumns: '1fr 6rem auto', alignItems: 'center' }}>
            <Typography sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>{l.name}</Typography>
            <TextField select size="small" label={t('meal.unit')} value={l.unit} onChange={(e) => change(i, { unit: e.target.value as Line['unit'], amount: e.target.value === 'g' ? '100' : '1' })}>
              <MenuItem value="g">{t('measures.g')}</MenuItem>
              {HOUSEHOLD_MEASURE_KEYS.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`measures.${m}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField size="small" label={l.unit === 'g' ? t('meal.grams') : t('meal.quantity')} value={l.amount} onChange={(e) => change(i, { amount: e.target.value })} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} />
            <IconButton aria-label={t('meal.remove', { name: l.name })} onClick={() => setLines((ls) => ls.filter((_, k) => k !== i))}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <FileButton
          accept="image/jpeg,image/png,image/webp"
          onFile={(file) => {
            if (file.size > DIARY_LIMITS.photoBytes) return setError(DIARY_MESSAGES.photoSize);
            setPhoto(file);
          }}
        >
          {photo ? t('meal.photoChange') : t('meal.photo')}
        </FileButton>
        {photo && <Typography variant="body2">{photo.name}</Typography>}
      </Box>
      {error && <Typography color="error">{translateMessage(t, DIARY_KEYS, error)}</Typography>}
      <Typography variant="caption" color="textSecondary">
        {t('ciqualSource')}
      </Typography>
    </EntryForm>
  );
}
