import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isMenuDay, MAX_PROGRAM_WEEKS, MEALS, PROGRAM_GOALS, type Meal } from '@wellbe/shared/domain/dietetics';
import type { Line, ProgramDetail, ProgramWrite } from '@wellbe/shared/schemas/dietetics';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useAssignProgram, useDeleteProgram, useProgram, usePrograms, useSaveProgram } from './api/programs.ts';
import { LinePicker } from './components/line-picker.tsx';
import { Quantity } from './components/nutrients.tsx';
import { AssignPanel } from '../../components/assign-panel.tsx';
import { localToday, menuPath } from './paths.ts';

type DraftItem = Line & { dayIndex: number; meal: Meal; name: string };
interface Draft {
  name: string;
  goal: string;
  weeks: number;
  description: string;
  items: DraftItem[];
}

function fromDetail(p: ProgramDetail): Draft {
  return {
    name: p.name,
    goal: p.goal,
    weeks: p.weeks,
    description: p.description,
    items: p.items.map((i) =>
      i.foodId != null
        ? { foodId: i.foodId, grams: i.grams!, dayIndex: i.dayIndex, meal: i.meal as Meal, name: i.name }
        : { recipeId: i.recipeId!, portions: i.portions!, dayIndex: i.dayIndex, meal: i.meal as Meal, name: i.name },
    ),
  };
}

function ProgramAssign({ id }: { id: string }) {
  const { t } = useTranslation('dietetics');
  const assign = useAssignProgram();
  const labels = { title: t('programs.assign'), patient: t('patientPicker.label'), noPatient: t('patientPicker.none'), startDate: t('programs.startDate'), submit: t('programs.assignSubmit'), failed: t('errors.save') };
  return (
    <AssignPanel
      id={id}
      labels={labels}
      initialStart={localToday()}
      assign={assign}
      invalidStart={(start) => !isMenuDay(start)}
      done={(data, patient) => (
        <>
          {t('programs.assigned', { count: data.days.length, name: patient.FullName, from: formatDate(data.days[0]), to: formatDate(data.days[data.days.length - 1]) })}{' '}
          <Link component={RouterLink} to={menuPath(data.days[0], patient)}>
            {t('programs.openMenus')}
          </Link>
        </>
      )}
    />
  );
}

function ProgramEditor({ id, onSaved, onDeleted }: { id: string | null; onSaved: (id: string) => void; onDeleted: () => void }) {
  const { t } = useTranslation('dietetics');
  const existing = useProgram(id);
  const save = useSaveProgram();
  const remove = useDeleteProgram();
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(id ? null : { name: '', goal: 'rééquilibrage', weeks: 1, description: '', items: [] });
  const [day, setDay] = useState(0);
  if (id && existing.data && !draft) setDraft(fromDetail(existing.data));
  if (!draft) return <CircularProgress aria-label={t('loading')} />;
  const submit = () => {
    const body: ProgramWrite = {
      name: draft.name,
      goal: draft.goal as ProgramWrite['goal'],
      weeks: draft.weeks,
      description: draft.description,
      items: draft.items
        .filter((i) => i.dayIndex < draft.weeks * 7)
        .map((i) => ('foodId' in i ? { dayIndex: i.dayIndex, meal: i.meal, foodId: i.foodId, grams: i.grams } : { dayIndex: i.dayIndex, meal: i.meal, recipeId: i.recipeId, portions: i.portions })),
    };
    save.mutate({ id, body }, { onSuccess: (saved) => onSaved(saved.id) });
  };
  return (
    <>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          {save.isError && <Alert severity="error">{isApiError(save.error) ? save.error.message : t('errors.save')}</Alert>}
          {save.isSuccess && <Alert severity="success">{t('programs.saved')}</Alert>}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField label={t('programs.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} sx={{ flex: 1, minWidth: 240 }} required />
            <TextField select label={t('programs.goal')} value={draft.goal} onChange={(e) => setDraft({ ...draft, goal: e.target.value })} sx={{ minWidth: 200 }}>
              {PROGRAM_GOALS.map((g) => (
                <MenuItem key={g} value={g}>
                  {t(`goals.${g}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t('programs.weeks')} value={draft.weeks} onChange={(e) => setDraft({ ...draft, weeks: Number(e.target.value) })} sx={{ width: 140 }}>
              {Array.from({ length: MAX_PROGRAM_WEEKS }, (_, k) => k + 1).map((w) => (
                <MenuItem key={w} value={w}>
                  {t('programs.weekCount', { count: w })}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField label={t('programs.description')} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} multiline minRows={2} />
          <Tabs value={Math.min(day, draft.weeks * 7 - 1)} onChange={(_, v: number) => setDay(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('programs.days')}>
            {Array.from({ length: draft.weeks * 7 }, (_, k) => (
              <Tab key={k} value={k} label={t('programs.dayN', { n: k + 1, week: Math.floor(k / 7) + 1 })} />
            ))}
          </Tabs>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            {MEALS.map((meal) => {
              const lines = draft.items.map((item, index) => ({ item, index })).filter(({ item }) => item.dayIndex === day && item.meal === meal);
              return (
                <Box key={meal} component="section" aria-label={t(`meals.${meal}`)} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
                  <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                    {t(`meals.${meal}`)}
                  </Typography>
                  <List dense>
                    {lines.map(({ item, index }) => (
                      <ListItem
                        key={index}
                        disableGutters
                        secondaryAction={
                          <IconButton edge="end" aria-label={t('menu.removeLine', { name: item.name })} onClick={() => setDraft({ ...draft, items: draft.items.filter((_, k) => k !== index) })}>
                            <DeleteOutlineIcon />
                          </IconButton>
                        }
                      >
                        <ListItemText
                          primary={
                            <>
                              <bdi>{item.name}</bdi> — <Quantity line={{ grams: 'grams' in item ? item.grams : null, portions: 'portions' in item ? item.portions : null }} />
                            </>
                          }
                        />
                      </ListItem>
                    ))}
                  </List>
                  <LinePicker idPrefix={`program-${meal}`} onAdd={(line, name) => setDraft({ ...draft, items: [...draft.items, { ...line, dayIndex: day, meal, name }] })} />
                </Box>
              );
            })}
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" onClick={submit} disabled={save.isPending || draft.name.trim().length < 2}>
              {t('actions.save')}
            </Button>
            {id && (
              <Button color="error" onClick={() => setConfirming(true)} disabled={remove.isPending}>
                {t('programs.delete')}
              </Button>
            )}
          </Box>
          <ConfirmDialog
            open={confirming}
            title={t('programs.deleteTitle')}
            text={t('programs.deleteText', { name: draft.name })}
            confirmLabel={t('programs.delete')}
            cancelLabel={t('actions.cancel')}
            busy={remove.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => id && remove.mutate(id, { onSuccess: onDeleted })}
          />
        </CardContent>
      </Card>
      {id && <ProgramAssign id={id} />}
    </>
  );
}

/** /program/dietetiques/menu: programs of 1 to 4 weeks of menus, with a goal, assigned to patients. */
export function ProgramsPage() {
  const { t } = useTranslation('dietetics');
  const programs = usePrograms();
  const [selected, setSelected] = useState<string | null | undefined>(undefined);
  return (
    <>
      <PageHeader
        title={t('programs.title')}
        subtitle={t('programs.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSelected(null)}>
            {t('programs.new')}
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '300px 1fr' }, alignItems: 'start' }}>
        <Box component="nav" aria-label={t('programs.list')}>
          {programs.isPending ? (
            <CircularProgress aria-label={t('loading')} />
          ) : !programs.data?.length ? (
            <EmptyState title={t('programs.empty')} />
          ) : (
            programs.data.map((p) => (
              <Card key={p.id} sx={{ mb: 1, outline: selected === p.id ? '2px solid' : 'none', outlineColor: 'primary.main' }}>
                <CardActionArea onClick={() => setSelected(p.id)} sx={{ p: 1.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                  <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                    <Chip size="small" label={t(`goals.${p.goal}`, { defaultValue: p.goal })} />
                    <Chip size="small" variant="outlined" label={t('programs.weekCount', { count: p.weeks })} />
                  </Box>
                </CardActionArea>
              </Card>
            ))
          )}
        </Box>
        <Box>{selected === undefined ? <Alert severity="info">{t('programs.pick')}</Alert> : <ProgramEditor key={selected ?? 'new'} id={selected} onSaved={(id) => setSelected(id)} onDeleted={() => setSelected(undefined)} />}</Box>
      </Box>
    </>
  );
}
