import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isMenuDay, MEALS, weekStart, type Meal } from '@wellbe/shared/domain/dietetics';
import { addDays } from '@wellbe/shared/domain/zoned';
import type { Line, MenuDay, MenuLine, ResolvedLine } from '@wellbe/shared/schemas/dietetics';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDate } from '../../lib/format.ts';
import { isApiError } from '../../lib/api.ts';
import { useCopyDay, useMenus, useSaveDay } from './api/menus.ts';
import { LinePicker } from './components/line-picker.tsx';
import { NutrientLine, Quantity, TargetChips, useNumber } from './components/nutrients.tsx';
import { PatientPicker, type PickedPatient } from '../../components/patient-picker.tsx';
import { PrintWeek } from './components/print-week.tsx';
import { localToday, menuPath } from './paths.ts';
import { FLIP_IN_RTL } from '../../components/flip-in-rtl.ts';

function toWrite(meal: Meal, l: ResolvedLine): MenuLine {
  return l.foodId != null ? { meal, foodId: l.foodId, grams: l.grams! } : { meal, recipeId: l.recipeId!, portions: l.portions! };
}

function dayItems(day: MenuDay): MenuLine[] {
  return MEALS.flatMap((meal) => day.meals[meal].items.map((l) => toWrite(meal, l)));
}

function MealCard({ meal, day, idPatient, disabled }: { meal: Meal; day: MenuDay; idPatient: string; disabled: boolean }) {
  const { t } = useTranslation('dietetics');
  const save = useSaveDay(idPatient);
  const data = day.meals[meal];
  const headingId = useId();
  const write = (items: MenuLine[]) => save.mutate({ day: day.day, items });
  const add = (line: Line) => write([...dayItems(day), { meal, ...line } as MenuLine]);
  const remove = (index: number) => {
    let seen = -1;
    write(dayItems(day).filter((l) => (l.meal === meal ? ++seen !== index : true)));
  };
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={`meal-${meal}`}>
      <CardHeader
        title={
          <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {t(`meals.${meal}`)}
          </Typography>
        }
        subheader={<NutrientLine n={data.totals} />}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {data.items.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            {t('menu.emptyMeal')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {data.items.map((line, index) => (
              <ListItem
                key={line.id ?? index}
                disableGutters
                secondaryAction={
                  <IconButton edge="end" aria-label={t('menu.removeLine', { name: line.name })} onClick={() => remove(index)} disabled={disabled || save.isPending}>
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={
                    <>
                      <bdi>{line.name}</bdi> — <Quantity line={line} />
                    </>
                  }
                  secondary={
                    <>
                      <NutrientLine n={line.nutrients} />
                      {line.flags.map((f) => (
                        <Chip key={f} component="span" size="small" color="warning" icon={<WarningAmberIcon />} label={f} sx={{ ml: 1, mt: 0.5 }} />
                      ))}
                    </>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        {save.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {isApiError(save.error) ? save.error.message : t('errors.save')}
          </Alert>
        )}
        {!disabled && <LinePicker onAdd={add} idPrefix={`add-${meal}`} />}
      </CardContent>
    </Card>
  );
}

function CopyDayDialog({ day, idPatient, onClose }: { day: string; idPatient: string; onClose: () => void }) {
  const { t } = useTranslation('dietetics');
  const copy = useCopyDay(idPatient);
  const start = weekStart(day);
  const candidates = Array.from({ length: 14 }, (_, k) => addDays(start, k)).filter((d) => d !== day);
  const [chosen, setChosen] = useState<string[]>([]);
  const titleId = useId();
  return (
    <Dialog open onClose={copy.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('copy.title', { date: formatDate(day) })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('copy.text')}
        </Typography>
        <FormGroup>
          {candidates.map((d) => (
            <FormControlLabel
              key={d}
              control={<Checkbox checked={chosen.includes(d)} onChange={(e) => setChosen(e.target.checked ? [...chosen, d] : chosen.filter((x) => x !== d))} />}
              label={`${t(`weekdays.${(new Date(`${d}T12:00:00Z`).getUTCDay() + 6) % 7}`)} ${formatDate(d)}`}
            />
          ))}
        </FormGroup>
        {copy.isError && <Alert severity="error">{isApiError(copy.error) ? copy.error.message : t('errors.save')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={copy.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" disabled={!chosen.length || copy.isPending} onClick={() => copy.mutate({ day, to: chosen }, { onSuccess: onClose })}>
          {t('copy.submit', { count: chosen.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /dietetiques/menu/{detailDate}: a patient's menus of the week, day by day, against their targets. */
export function MenuPage() {
  const { t } = useTranslation('dietetics');
  const { detailDate } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  const num = useNumber();
  const idPatient = search.get('patient');
  const patient: PickedPatient | null = idPatient ? { idPatient, FullName: search.get('name') ?? '' } : null;
  const valid = !!detailDate && isMenuDay(detailDate);
  const from = valid ? weekStart(detailDate) : '2000-01-03';
  const week = useMenus(valid ? idPatient : null, from, addDays(from, 6));

  if (!detailDate) return <Navigate to={menuPath(localToday(), patient)} replace />;
  if (!valid) {
    return (
      <>
        <PageHeader title={t('menu.title')} />
        <Alert severity="error" action={<Button component={RouterLink} to={menuPath(localToday(), patient)}>{t('menu.today')}</Button>}>
          {t('menu.badDate')}
        </Alert>
      </>
    );
  }
  if (search.get('print') === '1' && patient && week.data) return <PrintWeek week={week.data} />;

  const go = (day: string) => navigate(menuPath(day, patient));
  const pick = (p: PickedPatient | null) => setSearch(p ? { patient: p.idPatient, name: p.FullName } : {});
  const day = week.data?.days.find((d) => d.day === detailDate);
  const targets = week.data?.targets;
  const known = targets?.basis !== 'missing';

  return (
    <>
      <PageHeader
        title={t('menu.title')}
        subtitle={t('menu.subtitle')}
        actions={
          <>
            <Button component={RouterLink} to="/formules" variant="text">
              {t('menu.toFormules')}
            </Button>
            <Button component={RouterLink} to="/program/dietetiques/menu" variant="text">
              {t('menu.toPrograms')}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <PatientPicker value={patient} onChange={pick} label={t('patientPicker.label')} noOptionsText={t('patientPicker.none')} />
        {patient && (
          <>
            <Button startIcon={<PrintIcon />} variant="outlined" onClick={() => window.open(`${menuPath(detailDate, patient)}&print=1`, '_blank', 'noopener')}>
              {t('menu.print')}
            </Button>
            <Button component={RouterLink} to={`/preferences/${patient.idPatient}`}>
              {t('menu.profile')}
            </Button>
          </>
        )}
      </Box>

      {!patient ? (
        <Alert severity="info">{t('menu.choosePatient')}</Alert>
      ) : week.isError ? (
        <Alert severity="error">{isApiError(week.error) ? week.error.message : t('errors.load')}</Alert>
      ) : !week.data || !day || !targets ? (
        <CircularProgress aria-label={t('loading')} />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <IconButton aria-label={t('menu.previousWeek')} onClick={() => go(addDays(detailDate, -7))}>
              <ChevronLeftIcon sx={FLIP_IN_RTL} />
            </IconButton>
            <Typography sx={{ fontWeight: 600 }}>{t('menu.weekOf', { from: formatDate(from), to: formatDate(addDays(from, 6)) })}</Typography>
            <IconButton aria-label={t('menu.nextWeek')} onClick={() => go(addDays(detailDate, 7))}>
              <ChevronRightIcon sx={FLIP_IN_RTL} />
            </IconButton>
            <Button size="small" onClick={() => go(localToday())}>
              {t('menu.today')}
            </Button>
          </Box>
          <Tabs value={detailDate} onChange={(_, v: string) => go(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('menu.days')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
            {week.data.days.map((d, k) => (
              <Tab
                key={d.day}
                value={d.day}
                label={
                  <Box>
                    <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {t(`weekdays.${k}`)} {formatDate(d.day).slice(0, 5)}
                    </Box>
                    <Box component="span" sx={{ fontSize: 12 }}>
                      {t('units.kcal', { n: num(d.totals.energyKcal, 0) })}
                    </Box>
                  </Box>
                }
              />
            ))}
          </Tabs>

          <Card sx={{ mb: 2 }}>
            <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
              <Box>
                <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                  {t('menu.dayTotals', { date: formatDate(day.day) })}
                </Typography>
                <TargetChips totals={day.totals} targets={targets} status={day.status} known={known} />
                <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }} data-testid="target-basis">
                  {targets.basis === 'missing'
                    ? t('targets.missing')
                    : targets.basis === 'adjusted'
                      ? t('targets.adjusted', { kcal: num(targets.energyKcal, 0) })
                      : t('targets.computed', {
                          kcal: num(targets.energyKcal, 0),
                          bmr: num(targets.bmr ?? 0, 0),
                          factor: num(targets.activityFactor, 3),
                          age: targets.inputs.age,
                          weight: num(targets.inputs.weightKg ?? 0),
                          height: num(targets.inputs.heightCm ?? 0, 0),
                        })}{' '}
                  <Link component={RouterLink} to={`/preferences/${patient.idPatient}`}>
                    {t('targets.adjust')}
                  </Link>
                </Typography>
              </Box>
              <Button startIcon={<ContentCopyIcon />} onClick={() => setCopying(true)}>
                {t('copy.open')}
              </Button>
            </CardContent>
          </Card>

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            {MEALS.map((meal) => (
              <MealCard key={meal} meal={meal} day={day} idPatient={patient.idPatient} disabled={false} />
            ))}
          </Box>
          {copying && <CopyDayDialog day={day.day} idPatient={patient.idPatient} onClose={() => setCopying(false)} />}
        </>
      )}
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 3 }}>
        {t('ciqualSource')}
      </Typography>
    </>
  );
}
