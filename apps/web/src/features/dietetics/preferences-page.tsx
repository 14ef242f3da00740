import { Alert, Autocomplete, Box, Button, Card, CardContent, Checkbox, CircularProgress, FormControlLabel, FormGroup, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ACTIVITY_FACTORS, DIETS, EU_ALLERGENS, MEALS } from '@wellbe/shared/domain/dietetics';
import { can } from '@wellbe/shared/permissions';
import { CONSULTATION_DIETETIC_KEYS, type DieteticProfile, type DieteticProfileWrite, type PractitionerPreferences } from '@wellbe/shared/schemas/dietetics';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useDieteticProfile, usePractitionerPreferences, useSaveDieteticProfile, useSavePractitionerPreferences } from './api/profile.ts';
import { useNumber } from './components/nutrients.tsx';
import { PatientPicker } from '../../components/patient-picker.tsx';
import { localToday, menuPath } from './paths.ts';

function SplitFields({ value, onChange }: { value: { proteinsPct: number; carbohydratesPct: number; fatPct: number }; onChange: (v: { proteinsPct: number; carbohydratesPct: number; fatPct: number }) => void }) {
  const { t } = useTranslation('dietetics');
  const sum = value.proteinsPct + value.carbohydratesPct + value.fatPct;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {(['proteinsPct', 'carbohydratesPct', 'fatPct'] as const).map((k) => (
          <TextField key={k} size="small" type="number" label={t(`split.${k}`)} value={value[k]} onChange={(e) => onChange({ ...value, [k]: Number(e.target.value) })} sx={{ width: 150 }} />
        ))}
      </Box>
      {sum !== 100 && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {t('split.sum', { sum })}
        </Typography>
      )}
    </Box>
  );
}

function PractitionerDefaults() {
  const { t } = useTranslation('dietetics');
  const prefs = usePractitionerPreferences();
  const save = useSavePractitionerPreferences();
  const [draft, setDraft] = useState<PractitionerPreferences | null>(null);
  if (prefs.data && !draft) setDraft(prefs.data);
  if (prefs.isError) return <Alert severity="error">{isApiError(prefs.error) ? prefs.error.message : t('errors.load')}</Alert>;
  if (!draft) return <CircularProgress aria-label={t('loading')} />;
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('preferences.defaults')}
        </Typography>
        {save.isError && <Alert severity="error">{isApiError(save.error) ? save.error.message : t('errors.save')}</Alert>}
        {save.isSuccess && <Alert severity="success">{t('preferences.saved')}</Alert>}
        <Typography variant="subtitle2">{t('preferences.split')}</Typography>
        <SplitFields value={draft.split} onChange={(split) => setDraft({ ...draft, split })} />
        <Typography variant="subtitle2">{t('preferences.mealTimes')}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {MEALS.map((m) => (
            <TextField key={m} size="small" type="time" label={t(`meals.${m}`)} value={draft.mealTimes[m]} onChange={(e) => setDraft({ ...draft, mealTimes: { ...draft.mealTimes, [m]: e.target.value } })} slotProps={{ inputLabel: { shrink: true } }} />
          ))}
        </Box>
        <TextField select size="small" label={t('preferences.portionUnit')} value={draft.portionUnit} onChange={(e) => setDraft({ ...draft, portionUnit: e.target.value as 'g' | 'portion' })} sx={{ maxWidth: 260 }}>
          <MenuItem value="g">{t('preferences.unitGrams')}</MenuItem>
          <MenuItem value="portion">{t('preferences.unitPortions')}</MenuItem>
        </TextField>
        <FormControlLabel control={<Switch checked={draft.showFibres} onChange={(e) => setDraft({ ...draft, showFibres: e.target.checked })} />} label={t('preferences.showFibres')} />
        <Box>
          <Button variant="contained" onClick={() => save.mutate(draft)} disabled={save.isPending}>
            {t('actions.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function toWrite(p: DieteticProfile): DieteticProfileWrite {
  return {
    diet: p.diet as DieteticProfileWrite['diet'],
    allergens: p.allergens as DieteticProfileWrite['allergens'],
    dislikes: p.dislikes,
    energyKcal: p.energyKcal,
    activityFactor: p.activityFactor,
    split: p.split,
    consultation: p.consultation ? (Object.fromEntries(CONSULTATION_DIETETIC_KEYS.map((k) => [k, p.consultation![k]])) as DieteticProfileWrite['consultation']) : null,
  };
}

function PatientProfile({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('dietetics');
  const num = useNumber();
  const profile = useDieteticProfile(idPatient);
  const save = useSaveDieteticProfile(idPatient);
  const [draft, setDraft] = useState<DieteticProfileWrite | null>(null);
  if (profile.data && !draft) setDraft(toWrite(profile.data));
  if (profile.isError) return <Alert severity="error">{isApiError(profile.error) ? profile.error.message : t('errors.load')}</Alert>;
  if (!draft || !profile.data) return <CircularProgress aria-label={t('loading')} />;
  const data = profile.data;
  const targets = data.targets;
  const submit = () => save.mutate(draft, { onSuccess: (p) => setDraft(toWrite(p)) });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
        {data.patient.FullName}{' '}
        <Button component={RouterLink} to={menuPath(localToday(), { idPatient, FullName: data.patient.FullName })} size="small">
          {t('preferences.toMenus')}
        </Button>
      </Typography>
      {save.isError && <Alert severity="error">{isApiError(save.error) ? save.error.message : t('errors.save')}</Alert>}
      {save.isSuccess && <Alert severity="success">{t('preferences.saved')}</Alert>}
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {t('preferences.diet')}
          </Typography>
          <TextField select size="small" label={t('preferences.diet')} value={draft.diet} onChange={(e) => setDraft({ ...draft, diet: e.target.value as DieteticProfileWrite['diet'] })} sx={{ maxWidth: 280 }}>
            {DIETS.map((d) => (
              <MenuItem key={d} value={d}>
                {t(`diets.${d}`)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="subtitle2" component="h4" id="allergens-label">
            {t('preferences.allergens')}
          </Typography>
          <FormGroup row aria-labelledby="allergens-label">
            {EU_ALLERGENS.map((a) => (
              <FormControlLabel
                key={a}
                sx={{ minWidth: 170 }}
                control={<Checkbox checked={draft.allergens.includes(a)} onChange={(e) => setDraft({ ...draft, allergens: e.target.checked ? [...draft.allergens, a] : draft.allergens.filter((x) => x !== a) })} />}
                label={t(`allergens.${a}`)}
              />
            ))}
          </FormGroup>
          <Autocomplete
            multiple
            freeSolo
            options={[]}
            value={draft.dislikes}
            onChange={(_, v) => setDraft({ ...draft, dislikes: v.map((x) => x.trim()).filter(Boolean) })}
            renderInput={(params) => <TextField {...params} label={t('preferences.dislikes')} helperText={t('preferences.dislikesHelp')} />}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {t('preferences.targets')}
          </Typography>
          <Typography variant="body2" data-testid="profile-target">
            {targets.basis === 'missing'
              ? t('targets.missing')
              : t('preferences.targetNow', { kcal: num(targets.energyKcal, 0), bmr: num(targets.bmr ?? 0, 0), factor: num(targets.activityFactor, 3) })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              type="number"
              label={t('preferences.energyOverride')}
              value={draft.energyKcal ?? ''}
              onChange={(e) => setDraft({ ...draft, energyKcal: e.target.value ? Number(e.target.value) : null })}
              helperText={t('preferences.energyOverrideHelp')}
              sx={{ width: 260 }}
            />
            <TextField select size="small" label={t('preferences.activity')} value={draft.activityFactor ?? ''} onChange={(e) => setDraft({ ...draft, activityFactor: e.target.value === '' ? null : Number(e.target.value) })} sx={{ width: 280 }}>
              <MenuItem value="">{t('preferences.activityFromConsultation')}</MenuItem>
              {ACTIVITY_FACTORS.map((f) => (
                <MenuItem key={f.value} value={f.value}>
                  {t(`activity.${String(f.value).replace('.', '_')}`)} ({num(f.value, 3)})
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <FormControlLabel
            control={<Checkbox checked={!!draft.split} onChange={(e) => setDraft({ ...draft, split: e.target.checked ? (data.split ?? targets.split) : null })} />}
            label={t('preferences.ownSplit')}
          />
          {draft.split && <SplitFields value={draft.split} onChange={(split) => setDraft({ ...draft, split })} />}
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {t('preferences.consultation')}
          </Typography>
          {!data.consultation || !draft.consultation ? (
            <Typography variant="body2" color="textSecondary">
              {t('preferences.noConsultation')}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="textSecondary">
                {t('preferences.consultationOf', { date: formatDate(data.consultation.ConsultationDate) })}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {CONSULTATION_DIETETIC_KEYS.map((k) => (
                  <TextField key={k} size="small" label={t(`consultation.${k}`)} value={draft.consultation![k] ?? ''} onChange={(e) => setDraft({ ...draft, consultation: { ...draft.consultation!, [k]: e.target.value || null } })} multiline />
                ))}
              </Box>
            </>
          )}
        </CardContent>
      </Card>
      <Box>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('actions.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /preferences/{id}: 0 = the practitioner's own defaults; a patient id = their dietetic profile. */
export function PreferencesPage() {
  const { t } = useTranslation('dietetics');
  const { id } = useParams();
  const { role } = useSession();
  const navigate = useNavigate();
  const own = !id || id === '0';
  return (
    <>
      <PageHeader title={t('preferences.title')} subtitle={own ? t('preferences.subtitleOwn') : t('preferences.subtitlePatient')} />
      {can(role, 'dieteticPreferences') && (
        <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <PatientPicker value={null} onChange={(p) => p && navigate(`/preferences/${p.idPatient}`)} label={t('preferences.pickPatient')} noOptionsText={t('patientPicker.none')} />
          {!own && (
            <Button component={RouterLink} to="/preferences/0">
              {t('preferences.defaults')}
            </Button>
          )}
        </Box>
      )}
      {own ? <PractitionerDefaults /> : <PatientProfile key={id} idPatient={id} />}
    </>
  );
}
