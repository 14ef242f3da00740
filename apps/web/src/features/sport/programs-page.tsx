import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { programWriteOf, SPORT_LIMITS, type Exercise, type SportCatalog, type SportProgram, type SportProgramWrite } from '@wellbe/shared/schemas/sport';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { catalogLabel, useSportCatalog } from './api/catalogs.ts';
import { useArchiveSportProgram, useAssignSportProgram, useDuplicateSportProgram, useSaveSportProgram, useSportProgram, useSportPrograms } from './api/programs.ts';
import { ExerciseDetail } from './components/exercise-detail.tsx';
import { ExerciseSearch } from './components/exercise-search.tsx';
import { AssignPanel } from '../../components/assign-panel.tsx';
import { PrintProgram } from './components/print-program.tsx';
import { localToday, sportFilePath } from './paths.ts';
import { move, nextKey, SessionEditor, type DraftSession } from './components/session-editor.tsx';

interface Draft extends Omit<SportProgramWrite, 'sessions'> {
  sessions: DraftSession[];
}

function fromProgram(p: SportProgram): Draft {
  return programWriteOf(p, { keepSessionIds: true, extra: (l) => ({ name: l.exercise.name, translated: l.exercise.translated, key: nextKey() }) });
}

const emptyDraft = (sessionName: string): Draft => ({
  name: '',
  description: '',
  objectiveId: null,
  typeId: null,
  levelId: null,
  genderId: null,
  weeks: 4,
  sessionsPerWeek: 3,
  sessions: [{ name: sessionName, exercises: [] }],
});

function CatalogSelect({ catalog, label, value, onChange }: { catalog: SportCatalog; label: string; value: number | null; onChange: (v: number | null) => void }) {
  const { i18n } = useTranslation('sport');
  const items = useSportCatalog(catalog).data ?? [];
  return (
    <TextField select size="small" label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} sx={{ minWidth: 180, flex: '1 1 180px' }}>
      <MenuItem value="">—</MenuItem>
      {/* A deactivated entry stays shown on the program that uses it. */}
      {items
        .filter((i) => i.active || i.id === value)
        .map((i) => (
          <MenuItem key={i.id} value={i.id}>
            {catalogLabel(items, i.id, i18n.language)}
          </MenuItem>
        ))}
    </TextField>
  );
}

function ProgramAssign({ id }: { id: string }) {
  const { t } = useTranslation('sport');
  const assign = useAssignSportProgram();
  const labels = { title: t('assign.title'), patient: t('assign.patient'), noPatient: t('assign.noPatient'), startDate: t('assign.startDate'), submit: t('assign.submit'), failed: t('errors.save') };
  return (
    <AssignPanel
      id={id}
      labels={labels}
      initialStart={localToday()}
      assign={assign}
      done={(data, patient) => (
        <>
          {t('assign.done', { name: patient.FullName, from: formatDate(data.startDate), to: formatDate(data.endDate) })}{' '}
          <RouterLink to={sportFilePath(patient.idPatient)}>{t('assign.openFile')}</RouterLink>
        </>
      )}
    />
  );
}

function ProgramEditor({ id, onSaved, onGone }: { id: string | null; onSaved: (id: string) => void; onGone: () => void }) {
  const { t } = useTranslation('sport');
  const existing = useSportProgram(id);
  const save = useSaveSportProgram();
  const duplicate = useDuplicateSportProgram();
  const archive = useArchiveSportProgram();
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(id ? null : emptyDraft(t('builder.sessionN', { n: 1 })));
  const [target, setTarget] = useState(0);
  const [detail, setDetail] = useState<Exercise | null>(null);
  if (id && existing.data && !draft) setDraft(fromProgram(existing.data));
  if (existing.isError) return <Alert severity="error">{existing.error.message}</Alert>;
  if (!draft) return <CircularProgress aria-label={t('loading')} />;
  const session = Math.min(target, draft.sessions.length - 1);
  const setSessions = (sessions: DraftSession[]) => setDraft({ ...draft, sessions });
  const updateSession = (index: number, s: DraftSession) => setSessions(draft.sessions.map((x, i) => (i === index ? s : x)));
  const add = (e: Exercise) => {
    const s = draft.sessions[session]!;
    if (s.exercises.length >= SPORT_LIMITS.exercisesPerSession) return notify(t('builder.full'), 'warning');
    updateSession(session, { ...s, exercises: [...s.exercises, { exerciseId: e.id, name: e.name, translated: e.translated, key: nextKey(), sets: 3, reps: 10, durationS: null, loadKg: null, loadPct: null, restS: 60, tempo: '', notes: '' }] });
    notify(t('builder.added', { name: e.name, session: s.name }), 'success');
  };
  const submit = () => {
    const body: SportProgramWrite = {
      ...draft,
      sessions: draft.sessions.map((s) => ({ ...(s.id ? { id: s.id } : {}), name: s.name, exercises: s.exercises.map(({ name: _n, translated: _t, key: _k, ...line }) => line) })),
    };
    save.mutate({ id, body }, { onSuccess: (saved) => (notify(t('builder.saved'), 'success'), onSaved(saved.id)) });
  };
  const patientCopy = existing.data?.patient;
  return (
    <>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          {patientCopy && <Alert severity="info">{t('builder.patientCopy', { name: patientCopy.FullName })}</Alert>}
          {save.isError && <Alert severity="error">{isApiError(save.error) ? save.error.message : t('errors.save')}</Alert>}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField label={t('builder.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} sx={{ flex: '2 1 260px' }} required />
            <TextField
              size="small"
              type="number"
              label={t('builder.weeks')}
              value={draft.weeks}
              onChange={(e) => setDraft({ ...draft, weeks: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: 52 } }}
              sx={{ width: 140, alignSelf: 'center' }}
            />
            <TextField
              size="small"
              type="number"
              label={t('builder.perWeek')}
              value={draft.sessionsPerWeek}
              onChange={(e) => setDraft({ ...draft, sessionsPerWeek: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: 7 } }}
              sx={{ width: 170, alignSelf: 'center' }}
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <CatalogSelect catalog="objectifs" label={t('builder.objective')} value={draft.objectiveId} onChange={(v) => setDraft({ ...draft, objectiveId: v })} />
            <CatalogSelect catalog="typeofprograms" label={t('builder.type')} value={draft.typeId} onChange={(v) => setDraft({ ...draft, typeId: v })} />
            <CatalogSelect catalog="levels" label={t('builder.level')} value={draft.levelId} onChange={(v) => setDraft({ ...draft, levelId: v })} />
            <CatalogSelect catalog="gender" label={t('builder.audience')} value={draft.genderId} onChange={(v) => setDraft({ ...draft, genderId: v })} />
          </Box>
          <TextField label={t('builder.description')} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} multiline minRows={2} />

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {draft.sessions.map((s, si) => (
                <SessionEditor
                  key={s.id ?? `new-${si}`}
                  s={s}
                  selected={si === session}
                  first={si === 0}
                  last={si === draft.sessions.length - 1}
                  only={draft.sessions.length === 1}
                  onChange={(next) => updateSession(si, next)}
                  onTarget={() => setTarget(si)}
                  onMove={(step) => setSessions(move(draft.sessions, si, step))}
                  onRemove={() => setSessions(draft.sessions.filter((_, i) => i !== si))}
                />
              ))}
              <Button
                startIcon={<AddIcon />}
                onClick={() => {
                  setSessions([...draft.sessions, { name: t('builder.sessionN', { n: draft.sessions.length + 1 }), exercises: [] }]);
                  setTarget(draft.sessions.length);
                }}
                disabled={draft.sessions.length >= 14}
              >
                {t('builder.addSession')}
              </Button>
            </Box>
            <Box component="section" aria-label={t('builder.library')} sx={{ position: { lg: 'sticky' }, top: { lg: 80 } }}>
              <Typography variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
                {t('builder.libraryFor', { session: draft.sessions[session]!.name })}
              </Typography>
              <ExerciseSearch idPrefix="builder" onAdd={add} onOpen={setDetail} />
            </Box>
          </Box>

          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={submit} disabled={save.isPending || draft.name.trim().length < 2}>
              {t('actions.save')}
            </Button>
            {id && (
              <>
                <Button startIcon={<PrintIcon />} component={RouterLink} to={`?program=${encodeURIComponent(id)}&print=1`}>
                  {t('builder.print')}
                </Button>
                {!patientCopy && (
                  <Button disabled={duplicate.isPending} onClick={() => duplicate.mutate(id, { onSuccess: (copy) => (notify(t('builder.duplicated', { name: copy.name }), 'success'), onSaved(copy.id)) })}>
                    {t('builder.duplicate')}
                  </Button>
                )}
                <Button color="error" onClick={() => setConfirming(true)} disabled={archive.isPending}>
                  {t('builder.delete')}
                </Button>
              </>
            )}
          </Box>
          <ConfirmDialog
            open={confirming}
            text={t('builder.deleteText', { name: draft.name })}
            busy={archive.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => id && archive.mutate(id, { onSuccess: onGone })}
          />
        </CardContent>
      </Card>
      {id && !patientCopy && <ProgramAssign id={id} />}
      {detail && <ExerciseDetail exercise={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

function PrintView({ id }: { id: string }) {
  const { t } = useTranslation('sport');
  const program = useSportProgram(id);
  if (program.isError) return <Alert severity="error">{program.error.message}</Alert>;
  if (!program.data) return <CircularProgress aria-label={t('loading')} />;
  return <PrintProgram program={program.data} />;
}

/** /program/sportif/list: the organisation's program library, the builder, assignment and print. */
export function SportProgramsPage() {
  const { t, i18n } = useTranslation('sport');
  const programs = useSportPrograms();
  const objectives = useSportCatalog('objectifs').data;
  const [search, setSearch] = useSearchParams();
  const param = search.get('program');
  const selected: string | null | undefined = param === 'new' ? null : (param ?? undefined);
  const select = (id: string | null | undefined) => setSearch(id === undefined ? {} : { program: id ?? 'new' });
  if (param && param !== 'new' && search.get('print') === '1') return <PrintView id={param} />;
  return (
    <>
      <PageHeader
        title={t('programs.title')}
        subtitle={t('programs.subtitle')}
        actions={
          <>
            <Button component={RouterLink} to="/exercices">
              {t('programs.library')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => select(null)}>
              {t('programs.new')}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <Box component="nav" aria-label={t('programs.list')}>
          {programs.isPending ? (
            <CircularProgress aria-label={t('loading')} />
          ) : !programs.data?.length ? (
            <EmptyState title={t('programs.empty')} />
          ) : (
            programs.data.map((p) => (
              <Card key={p.id} sx={{ mb: 1, outline: selected === p.id ? '2px solid' : 'none', outlineColor: 'primary.main' }}>
                <CardActionArea onClick={() => select(p.id)} sx={{ p: 1.5 }} aria-current={selected === p.id ? 'true' : undefined}>
                  <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                  <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                    {p.objectiveId && <Chip size="small" label={catalogLabel(objectives, p.objectiveId, i18n.language)} />}
                    <Chip size="small" variant="outlined" label={t('programs.shape', { sessions: p.sessionCount, weeks: p.weeks })} />
                  </Box>
                </CardActionArea>
              </Card>
            ))
          )}
        </Box>
        <Box>
          {selected === undefined ? (
            <Alert severity="info">{t('programs.pick')}</Alert>
          ) : (
            <ProgramEditor key={selected ?? 'new'} id={selected} onSaved={(id) => select(id)} onGone={() => select(undefined)} />
          )}
        </Box>
      </Box>
    </>
  );
}
