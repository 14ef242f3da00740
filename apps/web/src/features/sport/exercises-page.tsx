import { Alert, Button, Card, CardContent, Grid, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import type { Exercise, ExerciseWrite, SportCatalog } from '@wellbe/shared/schemas/sport';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { catalogLabel, useSportCatalog } from './api/catalogs.ts';
import { useSaveExercise } from './api/exercises.ts';
import { ExerciseDetail } from './components/exercise-detail.tsx';
import { ExerciseSearch } from './components/exercise-search.tsx';

function CatalogField({ catalog, label, value, onChange, multiple = false, required = false }: { catalog: SportCatalog; label: string; value: number | number[] | ''; onChange: (v: never) => void; multiple?: boolean; required?: boolean }) {
  const { i18n } = useTranslation('sport');
  const items = (useSportCatalog(catalog).data ?? []).filter((i) => i.active);
  return (
    <TextField
      select
      fullWidth
      required={required}
      label={label}
      value={value}
      slotProps={{ select: { multiple } }}
      onChange={(e) => onChange((multiple ? (e.target.value as unknown as number[]) : e.target.value === '' ? '' : Number(e.target.value)) as never)}
    >
      {!multiple && !required && <MenuItem value="">—</MenuItem>}
      {items.map((i) => (
        <MenuItem key={i.id} value={i.id}>
          {catalogLabel(items, i.id, i18n.language)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** 'Ajouter un exercice': the organisation's own exercise, with its catalogs and its steps. */
function ExerciseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sport');
  const save = useSaveExercise();
  const [name, setName] = useState('');
  const [steps, setSteps] = useState('');
  const [categoryId, setCategory] = useState<number | ''>('');
  const [levelId, setLevel] = useState<number | ''>('');
  const [equipmentId, setEquipment] = useState<number | ''>('');
  const [parts, setParts] = useState<number[]>([]);
  const valid = name.trim().length >= 2 && categoryId !== '' && levelId !== '' && parts.length > 0;
  const submit = () => {
    if (!valid) return;
    const body: ExerciseWrite = {
      nameFr: name.trim(),
      instructionsFr: steps
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
      categoryId: categoryId,
      levelId: levelId,
      equipmentId: equipmentId === '' ? null : equipmentId,
      primaryBodyPartIds: parts,
      secondaryBodyPartIds: [],
    };
    save.mutate(
      { id: null, body },
      {
        onSuccess: (saved) => {
          notify(t('library.created', { name: saved.name }), 'success');
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('library.new')}
      busy={save.isPending}
      error={save.isError ? (isApiError(save.error) ? save.error.message : t('errors.save')) : undefined}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('actions.save')}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Grid size={12}>
        <TextField autoFocus fullWidth required label={t('library.name')} value={name} onChange={(e) => setName(e.target.value)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CatalogField catalog="categories" required label={t('library.filters.category')} value={categoryId} onChange={setCategory as never} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CatalogField catalog="levels" required label={t('library.filters.level')} value={levelId} onChange={setLevel as never} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CatalogField catalog="equipments" label={t('library.filters.equipment')} value={equipmentId} onChange={setEquipment as never} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CatalogField catalog="bodyparts" multiple required label={t('library.filters.bodyPart')} value={parts} onChange={setParts as never} />
      </Grid>
      <Grid size={12}>
        <TextField fullWidth multiline minRows={3} label={t('library.stepsField')} helperText={t('library.stepsHelp')} value={steps} onChange={(e) => setSteps(e.target.value)} />
      </Grid>
      {!valid && (
        <Grid size={12}>
          <Alert severity="info">{t('library.required')}</Alert>
        </Grid>
      )}
    </FormDialog>
  );
}

/** /exercices: the exercise library (free-exercise-db and the organisation's own exercises). */
export function ExercisesPage() {
  const { t } = useTranslation('sport');
  const { role } = useSession();
  const [open, setOpen] = useState<Exercise | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={t('library.title')}
        subtitle={t('library.subtitle')}
        actions={
          can(role, 'practitionerWrite') && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('library.new')}
            </Button>
          )
        }
      />
      <Card>
        <CardContent>
          <ExerciseSearch idPrefix="library" onOpen={setOpen} />
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('library.attribution')}
          </Alert>
        </CardContent>
      </Card>
      {open && <ExerciseDetail exercise={open} onClose={() => setOpen(null)} />}
      {adding && <ExerciseDialog onClose={() => setAdding(false)} />}
    </>
  );
}
