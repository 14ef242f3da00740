import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOOD_GROUPS, foodGroupLabel, RECIPE_CATEGORIES, RECIPE_TAGS } from '@wellbe/shared/domain/dietetics';
import { can } from '@wellbe/shared/permissions';
import { isPlatformRole } from '@wellbe/shared/roles';
import type { FoodCreate, Line, RecipeWrite } from '@wellbe/shared/schemas/dietetics';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { isStale, useTypedSearch } from '../../lib/typed-search.ts';
import { useCreateFood, useDeleteFood, useFoodSearch } from './api/foods.ts';
import { useDeleteRecipe, useRecipe, useRecipes, useSaveRecipe } from './api/recipes.ts';
import { LinePicker } from './components/line-picker.tsx';
import { NutrientLine, Quantity, useNumber } from './components/nutrients.tsx';

type DraftLine = Line & { name: string };

function RecipeDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('dietetics');
  const { role } = useSession();
  const existing = useRecipe(id);
  const save = useSaveRecipe();
  const remove = useDeleteRecipe();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const [draft, setDraft] = useState<{ name: string; category: string; portions: string; tags: string[]; steps: string; library: boolean; lines: DraftLine[] } | null>(id ? null : { name: '', category: 'plat', portions: '1', tags: [], steps: '', library: false, lines: [] });
  const detail = existing.data;
  if (id && detail && !draft) {
    setDraft({
      name: detail.name,
      category: detail.category,
      portions: String(detail.portions),
      tags: detail.tags,
      steps: detail.steps,
      library: detail.library,
      lines: detail.ingredients.map((l) => (l.foodId != null ? { foodId: l.foodId, grams: l.grams!, name: l.name } : { recipeId: l.recipeId!, portions: l.portions!, name: l.name })),
    });
  }
  const editable = !id || !!detail?.editable;
  const submit = () => {
    if (!draft) return;
    const body: RecipeWrite = {
      name: draft.name,
      category: draft.category as RecipeWrite['category'],
      portions: Number(draft.portions),
      tags: draft.tags,
      steps: draft.steps,
      library: draft.library,
      ingredients: draft.lines.map((l) => ('foodId' in l ? { foodId: l.foodId, grams: l.grams } : { recipeId: l.recipeId, portions: l.portions })),
    };
    save.mutate({ id, body }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{id ? (editable ? t('formules.edit') : (detail?.name ?? t('formules.title'))) : t('formules.new')}</DialogTitle>
      <DialogContent>
        {!draft ? (
          <CircularProgress aria-label={t('loading')} />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            {save.isError && <Alert severity="error">{isApiError(save.error) ? save.error.message : t('errors.save')}</Alert>}
            {detail && (
              <Alert severity="info" icon={false} data-testid="recipe-per-portion">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('formules.perPortion')}
                </Typography>
                <NutrientLine n={detail.perPortion} />
                <Typography variant="body2">{t('formules.shares', detail.shares)}</Typography>
              </Alert>
            )}
            <TextField label={t('formules.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} required disabled={!editable} />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField select label={t('formules.category')} value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.target.value })} sx={{ minWidth: 200 }} disabled={!editable}>
                {RECIPE_CATEGORIES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`categories.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField label={t('formules.portions')} value={draft.portions} onChange={(e) => setDraft({ ...draft, portions: e.target.value })} sx={{ width: 140 }} slotProps={{ htmlInput: { inputMode: 'numeric' } }} disabled={!editable} />
            </Box>
            <Autocomplete
              multiple
              freeSolo
              options={[...RECIPE_TAGS]}
              value={draft.tags}
              onChange={(_, v) => setDraft({ ...draft, tags: v.map((x) => x.trim()).filter(Boolean) })}
              disabled={!editable}
              renderInput={(params) => <TextField {...params} label={t('formules.tags')} />}
            />
            <Box>
              <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                {t('formules.ingredients')}
              </Typography>
              <List dense>
                {draft.lines.map((l, i) => (
                  <ListItem
                    key={i}
                    disableGutters
                    secondaryAction={
                      editable && (
                        <IconButton edge="end" aria-label={t('menu.removeLine', { name: l.name })} onClick={() => setDraft({ ...draft, lines: draft.lines.filter((_, k) => k !== i) })}>
                          <DeleteOutlineIcon />
                        </IconButton>
                      )
                    }
                  >
                    <ListItemText
                      primary={
                        <>
                          <bdi>{l.name}</bdi> — <Quantity line={{ grams: 'grams' in l ? l.grams : null, portions: 'portions' in l ? l.portions : null }} />
                        </>
                      }
                    />
                  </ListItem>
                ))}
              </List>
              {editable && <LinePicker idPrefix="ingredient" excludeRecipe={id ?? undefined} onAdd={(line, name) => setDraft({ ...draft, lines: [...draft.lines, { ...line, name }] })} />}
            </Box>
            <TextField label={t('formules.steps')} value={draft.steps} onChange={(e) => setDraft({ ...draft, steps: e.target.value })} multiline minRows={3} disabled={!editable} />
            {!id && isPlatformRole(role) && <FormControlLabel control={<Checkbox checked={draft.library} onChange={(e) => setDraft({ ...draft, library: e.target.checked })} />} label={t('formules.library')} />}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {id && editable && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={save.isPending || remove.isPending} sx={{ marginInlineEnd: 'auto' }}>
            {t('formules.delete')}
          </Button>
        )}
        <Button onClick={onClose} disabled={save.isPending}>
          {editable ? t('actions.cancel') : t('actions.close')}
        </Button>
        {editable && (
          <Button variant="contained" onClick={submit} disabled={save.isPending || !draft || !draft.lines.length || draft.name.trim().length < 2}>
            {t('actions.save')}
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title={t('formules.deleteTitle')}
        text={t('formules.deleteText', { name: detail?.name ?? '' })}
        confirmLabel={t('formules.delete')}
        cancelLabel={t('actions.cancel')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => id && remove.mutate(id, { onSuccess: onClose })}
      />
    </Dialog>
  );
}

function RecipesTab() {
  const { t } = useTranslation('dietetics');
  const { role } = useSession();
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q, 250);
  const recipes = useRecipes(query);
  const [open, setOpen] = useState<string | null | undefined>(undefined);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField size="small" label={t('formules.search')} value={q} onChange={(e) => setQ(e.target.value)} sx={{ minWidth: 260 }} />
        {can(role, 'dietetics') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(null)}>
            {t('formules.new')}
          </Button>
        )}
      </Box>
      {recipes.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : !recipes.data?.length ? (
        <EmptyState title={t('formules.empty')} />
      ) : (
        <TableContainer component={Card}>
          <Table size="small" aria-label={t('formules.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('formules.name')}</TableCell>
                <TableCell>{t('formules.category')}</TableCell>
                <TableCell>{t('formules.portions')}</TableCell>
                <TableCell>{t('formules.perPortion')}</TableCell>
                <TableCell>{t('formules.tags')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {recipes.data.map((r) => (
                <TableRow key={r.id} hover>
                  <TableCell>
                    <Button variant="text" onClick={() => setOpen(r.id)} sx={{ textAlign: 'start', p: 0, minWidth: 0 }}>
                      {r.name}
                    </Button>
                    {r.library && <Chip size="small" label={t('formules.libraryChip')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{t(`categories.${r.category}`, { defaultValue: r.category })}</TableCell>
                  <TableCell>{r.portions}</TableCell>
                  <TableCell>
                    <NutrientLine n={r.perPortion} fibres={false} />
                    <Typography variant="caption" component="div" color="textSecondary">
                      {t('formules.shares', r.shares)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {r.tags.map((tag) => (
                      <Chip key={tag} size="small" variant="outlined" label={tag} sx={{ m: 0.25 }} />
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {open !== undefined && <RecipeDialog id={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

const EMPTY_FOOD = { nameFr: '', groupCode: 'miscellaneous', energyKcal: '', proteinsG: '', carbohydratesG: '', fatG: '', fibresG: '0' };

function FoodDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('dietetics');
  const create = useCreateFood();
  const [food, setFood] = useState(EMPTY_FOOD);
  const titleId = useId();
  const n = (v: string) => Number(v.replace(',', '.'));
  const submit = () =>
    create.mutate(
      { nameFr: food.nameFr, groupCode: food.groupCode as FoodCreate['groupCode'], energyKcal: n(food.energyKcal), proteinsG: n(food.proteinsG), carbohydratesG: n(food.carbohydratesG), fatG: n(food.fatG), fibresG: n(food.fibresG) },
      { onSuccess: onClose },
    );
  const fields = ['energyKcal', 'proteinsG', 'carbohydratesG', 'fatG', 'fibresG'] as const;
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('foods.new')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography variant="body2" color="textSecondary">
            {t('foods.newHelp')}
          </Typography>
          {create.isError && <Alert severity="error">{isApiError(create.error) ? create.error.message : t('errors.save')}</Alert>}
          <TextField label={t('foods.name')} value={food.nameFr} onChange={(e) => setFood({ ...food, nameFr: e.target.value })} required />
          <TextField select label={t('foods.group')} value={food.groupCode} onChange={(e) => setFood({ ...food, groupCode: e.target.value })}>
            {FOOD_GROUPS.map((g) => (
              <MenuItem key={g.code} value={g.code}>
                {foodGroupLabel(g.code, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
            {fields.map((f) => (
              <TextField key={f} label={t(`foods.fields.${f}`)} value={food[f]} onChange={(e) => setFood({ ...food, [f]: e.target.value })} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending || food.nameFr.trim().length < 2}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FoodsTab() {
  const { t, i18n } = useTranslation('dietetics');
  const { role } = useSession();
  const num = useNumber();
  const [q, setQ] = useState('');
  const [group, setGroup] = useState('');
  const typed = useTypedSearch(q, 200);
  const foods = useFoodSearch(typed.q, group || null, can(role, 'dietetics'));
  // A delete button replaced under the pointer deleted another food.
  const stale = isStale(typed.settled, foods);
  const remove = useDeleteFood();
  const [adding, setAdding] = useState(false);
  if (!can(role, 'dietetics')) return <Alert severity="info">{t('foods.notAllowed')}</Alert>;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField size="small" label={t('foods.search')} value={q} onChange={(e) => setQ(e.target.value)} sx={{ minWidth: 260 }} slotProps={{ htmlInput: { 'data-testid': 'food-search' } }} />
        <TextField size="small" select label={t('foods.group')} value={group} onChange={(e) => setGroup(e.target.value)} sx={{ minWidth: 240 }}>
          <MenuItem value="">{t('foods.allGroups')}</MenuItem>
          {FOOD_GROUPS.map((g) => (
            <MenuItem key={g.code} value={g.code}>
              {foodGroupLabel(g.code, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('foods.new')}
        </Button>
      </Box>
      {remove.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {isApiError(remove.error) ? remove.error.message : t('errors.save')}
        </Alert>
      )}
      <TableContainer component={Card}>
        <Table size="small" aria-label={t('foods.title')} aria-busy={stale} data-testid="food-results">
          <TableHead>
            <TableRow>
              <TableCell>{t('foods.name')}</TableCell>
              <TableCell>{t('foods.group')}</TableCell>
              {(['energyKcal', 'proteinsG', 'carbohydratesG', 'fatG', 'fibresG'] as const).map((f) => (
                <TableCell key={f} align="right">
                  {t(`foods.fields.${f}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody inert={stale}>
            {(foods.data ?? []).map((f) => (
              <TableRow key={f.id}>
                <TableCell>
                  {f.nameFr}
                  {f.source === 'organisation' && (
                    <>
                      <Chip size="small" label={t('foods.own')} sx={{ ml: 1 }} />
                      <IconButton size="small" aria-label={t('foods.delete', { name: f.nameFr })} onClick={() => remove.mutate(f.id)} disabled={remove.isPending}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </>
                  )}
                </TableCell>
                <TableCell>{foodGroupLabel(f.groupCode, i18n.language)}</TableCell>
                <TableCell align="right">{num(f.energyKcal, 0)}</TableCell>
                <TableCell align="right">{num(f.proteinsG)}</TableCell>
                <TableCell align="right">{num(f.carbohydratesG)}</TableCell>
                <TableCell align="right">{num(f.fatG)}</TableCell>
                <TableCell align="right">{num(f.fibresG)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {adding && <FoodDialog onClose={() => setAdding(false)} />}
    </>
  );
}

/** /formules: the recipes (WellBe library and the practice's) and the Ciqual food table. */
export function FormulesPage() {
  const { t } = useTranslation('dietetics');
  const [tab, setTab] = useState<'recipes' | 'foods'>('recipes');
  return (
    <>
      <PageHeader title={t('formules.title')} subtitle={t('formules.subtitle')} />
      <Tabs value={tab} onChange={(_, v: 'recipes' | 'foods') => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label={t('formules.title')}>
        <Tab value="recipes" label={t('formules.tabRecipes')} />
        <Tab value="foods" label={t('formules.tabFoods')} />
      </Tabs>
      {tab === 'recipes' ? <RecipesTab /> : <FoodsTab />}
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 3 }}>
        {t('ciqualSource')}
      </Typography>
    </>
  );
}
