import { Autocomplete, Box, Button, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_GRAMS, MAX_PORTIONS, foodGroupLabel } from '@wellbe/shared/domain/dietetics';
import type { Line } from '@wellbe/shared/schemas/dietetics';
import { fold } from '@wellbe/shared/domain/text';
import { answerOf, useTypedSearch } from '../../../lib/typed-search.ts';
import { useFoodSearch } from '../api/foods.ts';
import { useRecipes } from '../api/recipes.ts';
import { useNumber } from './nutrients.tsx';

interface Option {
  kind: 'food' | 'recipe';
  id: string;
  label: string;
  detail: string;
}

/** The characters typed before foods and recipes are looked for (the picker asks for more meanwhile). */
const QUERY_MIN = 2;

/**
 * Adds one line (grams of a food, or portions of a recipe) to a meal, a recipe or a program day.
 * Foods come from the server's ranked search; recipes are filtered here (the list is small).
 */
export function LinePicker({ onAdd, recipes = true, excludeRecipe, idPrefix }: { onAdd: (line: Line, name: string) => void; recipes?: boolean; excludeRecipe?: string; idPrefix: string }) {
  const { t, i18n } = useTranslation('dietetics');
  const num = useNumber();
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<Option | null>(null);
  const [quantity, setQuantity] = useState('100');
  const { q, settled, waiting } = useTypedSearch(input, 200, QUERY_MIN);
  const foods = useFoodSearch(q, null, q.length >= QUERY_MIN);
  const foodsFound = answerOf(settled, foods);
  const recipeList = useRecipes();
  const options = useMemo<Option[]>(() => {
    const key = fold(q);
    if (!settled) return [];
    const r = recipes && key.length >= QUERY_MIN
      ? (recipeList.data ?? [])
          .filter((x) => x.id !== excludeRecipe && fold(x.name).includes(key))
          .slice(0, 6)
          .map((x) => ({ kind: 'recipe' as const, id: x.id, label: x.name, detail: t('picker.recipeDetail', { kcal: num(x.perPortion.energyKcal, 0) }) }))
      : [];
    const f = (q.length >= QUERY_MIN ? (foodsFound ?? []) : []).map((x) => ({
      kind: 'food' as const,
      id: String(x.id),
      label: x.nameFr,
      detail: `${foodGroupLabel(x.groupCode, i18n.language)} · ${t('picker.foodDetail', { kcal: num(x.energyKcal) })}`,
    }));
    return [...r, ...f];
  }, [q, settled, foodsFound, recipeList.data, recipes, excludeRecipe, t, i18n.language, num]);

  const amount = Number(quantity.replace(',', '.'));
  const max = picked?.kind === 'recipe' ? MAX_PORTIONS : MAX_GRAMS;
  const valid = !!picked && Number.isFinite(amount) && amount > 0 && amount <= max;
  const add = () => {
    if (!picked || !valid) return;
    onAdd(picked.kind === 'food' ? { foodId: Number(picked.id), grams: amount } : { recipeId: picked.id, portions: amount }, picked.label);
    setPicked(null);
    setInput('');
    setQuantity('100');
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1 }}>
      <Autocomplete
        id={`${idPrefix}-search`}
        sx={{ flex: 1, minWidth: 220 }}
        size="small"
        options={options}
        value={picked}
        onChange={(_, v) => {
          setPicked(v);
          if (v) setQuantity(v.kind === 'recipe' ? '1' : '100');
        }}
        inputValue={input}
        onInputChange={(_, v) => setInput(v)}
        filterOptions={(x) => x}
        groupBy={(o) => (o.kind === 'recipe' ? t('picker.recipes') : t('picker.foods'))}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
        noOptionsText={input.trim().length < QUERY_MIN ? t('picker.type') : t('picker.none')}
        loading={waiting || foods.isFetching}
        renderOption={({ key: _key, ...props }, o) => (
          <Box component="li" {...props} key={`${o.kind}-${o.id}`}>
            <Box>
              <Typography variant="body2">{o.label}</Typography>
              <Typography variant="caption" color="textSecondary">
                {o.detail}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => <TextField {...params} label={recipes ? t('picker.label') : t('picker.foodLabel')} />}
      />
      <TextField
        id={`${idPrefix}-quantity`}
        size="small"
        label={picked?.kind === 'recipe' ? t('picker.portions') : t('picker.grams')}
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        sx={{ width: 120 }}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={!!picked && !valid}
        helperText={!!picked && !valid ? (picked.kind === 'recipe' ? t('picker.portionsRange') : t('picker.gramsRange')) : undefined}
      />
      <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!valid}>
        {t('picker.add')}
      </Button>
    </Box>
  );
}
