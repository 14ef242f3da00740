import { Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import type { PatientFile } from '@wellbe/shared/schemas/patient-files';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { usePatientFile, usePatientMeasures } from './api/patient-file.ts';
import { useArchivePatient, useInvitePatient } from './api/patient-writes.ts';
import { IdentityCard } from './components/identity-card.tsx';
import { LatestValues } from './components/latest-values.tsx';
import { NoticeView } from './components/notice-view.tsx';
import { Timeline } from './components/timeline.tsx';
import { FILE_TABS, filePath, isFileTab, type FileTab } from './paths.ts';
import { ExportFhirAction } from './components/export-fhir-action.tsx';
import { FileTitle } from './components/file-title.tsx';
import { FileTabLabel } from './components/file-tab-label.tsx';

// Each tab but the file's own loads its code when opened: the charts (MUI X, ~90 KB: measures,
// dietetics, diary, sport, questionnaires), the documents' list, a consultation's detail (DOMPurify);
// the file's first screen fetched them all before issue 31.
const DocumentsTab = lazy(() => import('./components/documents-tab.tsx').then((m) => ({ default: m.DocumentsTab })));
const DieteticsTab = lazy(() => import('./components/dietetics-tab.tsx').then((m) => ({ default: m.DieteticsTab })));
const ConsultationDetail = lazy(() => import('./components/consultation-detail.tsx').then((m) => ({ default: m.ConsultationDetail })));
const DiaryTab = lazy(() => import('./components/diary-tab.tsx').then((m) => ({ default: m.DiaryTab })));
const MeasuresTab = lazy(() => import('./components/measures-tab.tsx').then((m) => ({ default: m.MeasuresTab })));
const SportTab = lazy(() => import('./components/sport-tab.tsx').then((m) => ({ default: m.SportTab })));
const QuestionnairesTab = lazy(() => import('./components/questionnaires-tab.tsx').then((m) => ({ default: m.QuestionnairesTab })));
// The archive's confirmation (MUI's Dialog, from the `forms` chunk) is asked for when the pointer or
// the focus reaches « Archiver », there on the click: the first screen does not wait for it.
const loadConfirm = () => import('../../components/confirm-dialog.tsx');
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));
/** The tabs whose code (charts, forms) loads only when opened. */
const LAZY_TABS: Partial<Record<FileTab, ComponentType<{ idPatient: string }>>> = {
  mesures: MeasuresTab,
  sport: SportTab,
  questionnaires: QuestionnairesTab,
  journal: DiaryTab,
  documents: DocumentsTab,
  dietetique: DieteticsTab,
};

function LazyFileTab({ tab, idPatient }: { tab: FileTab; idPatient: string }) {
  const { t } = useTranslation('patients');
  const Body = LAZY_TABS[tab];
  if (!Body) return null;
  return (
    <Suspense fallback={<CircularProgress size={28} aria-label={t('file.loading')} />}>
      <Body idPatient={idPatient} />
    </Suspense>
  );
}

function DossierTab({ file }: { file: PatientFile }) {
  const { t } = useTranslation('patients');
  const { identity, consultations } = file;
  const measures = usePatientMeasures(identity.idPatient);
  const notices = consultations.filter((c) => c.notice);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '5fr 7fr' }, gap: 2, alignItems: 'start' }}>
      <IdentityCard identity={identity} canWrite={file.canWrite} />
      <Stack spacing={2}>
        <Card variant="outlined">
          <CardHeader title={t('summary.latest')} slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }} sx={{ pb: 0 }} />
          <CardContent>
            {measures.data ? measures.data.points.length ? <LatestValues measures={measures.data} /> : <Typography color="text.secondary">{t('measures.noData')}</Typography> : <CircularProgress size={20} aria-label={t('file.loading')} />}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader
            title={t('summary.recent')}
            slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
            action={
              consultations.length > 3 && (
                <Button size="small" component={RouterLink} to={filePath('consultations', identity.idPatient)}>
                  {t('summary.seeAll')}
                </Button>
              )
            }
            sx={{ pb: 0 }}
          />
          <CardContent>
            <Timeline idPatient={identity.idPatient} entries={consultations.slice(0, 3)} />
          </CardContent>
        </Card>
        {!file.isOwnFile && (
          <Card variant="outlined">
            <CardHeader title={t('summary.notices')} slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }} sx={{ pb: 0 }} />
            <CardContent>
              {notices.length ? (
                <Stack spacing={1.5}>
                  {notices.map((c) => (
                    <Box key={c.idConsultation}>
                      <Link component={RouterLink} to={filePath('consultations', identity.idPatient, c.idConsultation)} variant="body2">
                        {formatDate(c.ConsultationDate)} · {c.practitioner}
                      </Link>
                      <NoticeView notice={c.notice!} />
                    </Box>
                  ))}
                </Stack>
              ) : (
                <Typography color="text.secondary">{t('summary.noNotices')}</Typography>
              )}
            </CardContent>
          </Card>
        )}
      </Stack>
    </Box>
  );
}

function ConsultationsTab({ file, consultId }: { file: PatientFile; consultId?: string }) {
  const { t } = useTranslation('patients');
  const id = file.identity.idPatient;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: consultId ? 'minmax(320px, 4fr) 8fr' : '1fr' }, gap: 2, alignItems: 'start' }}>
      <Box sx={{ display: { xs: consultId ? 'none' : 'block', lg: 'block' } }}>
        <Timeline idPatient={id} entries={file.consultations} selected={consultId} dense={!!consultId} />
      </Box>
      {consultId ? (
        <Suspense fallback={<CircularProgress size={28} aria-label={t('file.loading')} />}>
          <ConsultationDetail
            key={consultId}
            idPatient={id}
            idConsultation={consultId}
            entry={file.consultations.find((c) => c.idConsultation === consultId)}
            canWrite={file.canWrite}
            isOwnFile={file.isOwnFile}
          />
        </Suspense>
      ) : (
        file.consultations.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('timeline.selectHint')}
          </Typography>
        )
      )}
    </Box>
  );
}

/** /patient/{patientHandle}/{idPatient}/{consultId?}: the patient's file, its tab named by the URL. */
export function PatientPage() {
  const { t } = useTranslation(['patients', 'notes', 'clinicalDocuments']);
  const { patientHandle, idPatient = '', consultId } = useParams();
  const { role, user } = useSession();
  const navigate = useNavigate();
  const file = usePatientFile(idPatient);
  const archive = useArchivePatient(idPatient);
  const invite = useInvitePatient();
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first click on, so that it closes with its transition.
  const [confirmAsked, setConfirmAsked] = useState(false);
  const notFound = file.isError && isApiError(file.error) && file.error.status === 404;

  // Another organisation's file, or a file the caller may not see: the not-found page (never a hint that it exists).
  useEffect(() => {
    if (notFound) void navigate('/404', { replace: true });
  }, [notFound, navigate]);

  if (!idPatient) {
    // /patient/{handle} alone: a patient user has their own file, others go to the list.
    return <Navigate to={role === 'PT' && user?.data.idPatient ? filePath('dossier', user.data.idPatient) : '/patients/list'} replace />;
  }
  if (!isFileTab(patientHandle)) return <Navigate to={filePath('dossier', idPatient, consultId)} replace />;
  const tab: FileTab = consultId && patientHandle !== 'consultations' ? 'consultations' : patientHandle;

  if (file.isPending || notFound) {
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center', py: 8 }} role="status">
        <CircularProgress size={28} />
        {t('file.loading')}
      </Box>
    );
  }
  if (file.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void file.refetch()}>
              {t('file.retry')}
            </Button>
          }
        >
          {file.error.message || t('file.loadError')}
        </Alert>
      </Box>
    );
  }

  const { identity } = file.data;
  // The invitation hands out the patient's contact details: dps write, like the server route.
  const canInvite = !!role && can(role, 'dpsWrite') && !identity.archivedAt;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      {!file.data.isOwnFile && (
        <Button component={RouterLink} to="/patients/list" size="small" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {t('file.backToList')}
        </Button>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, gap: 2, mb: 2 }}>
        <FileTitle identity={identity} isOwnFile={file.data.isOwnFile} />
        {/* Each action on one line, wrapping as a whole: side by side on a phone they were 4-line columns. */}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, flexShrink: { md: 0 }, '& > *': { whiteSpace: 'nowrap', flexShrink: 0 } }}>
          {/* The practitioner's own notes linked to this file (private notes, /notes filtered by patient). */}
          {!file.data.isOwnFile && can(role, 'note') && <Button component={RouterLink} to={`/notes?patient=${encodeURIComponent(identity.idPatient)}`}>{t('notes:fromPatient')}</Button>}
          {/* Ordonnances, certificates and letters: written and listed on their own page. */}
          {file.data.canWrite && <Button component={RouterLink} to={`/documents/${encodeURIComponent(identity.idPatient)}`}>{t('clinicalDocuments:title')}</Button>}
          <ExportFhirAction idPatient={identity.idPatient} isOwnFile={file.data.isOwnFile} />
          {canInvite && (
            <Button
              variant="outlined"
              startIcon={<ForwardToInboxOutlinedIcon />}
              disabled={invite.isPending}
              onClick={() =>
                invite.mutate(identity.idPatient, {
                  onSuccess: () => notify(t('file.invited'), 'success'),
                  onError: (error) => notify(error.message, 'error'),
                })
              }
            >
              {t('file.invite')}
            </Button>
          )}
          {file.data.canWrite && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<ArchiveOutlinedIcon />}
              onPointerEnter={() => void loadConfirm()}
              onFocus={() => void loadConfirm()}
              onClick={() => {
                setConfirmAsked(true);
                setConfirming(true);
              }}
            >
              {t('file.archive')}
            </Button>
          )}
        </Stack>
      </Stack>

      {identity.archivedAt && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {identity.archivedBy
            ? t('file.archivedBanner', { date: formatDate(identity.archivedAt), by: identity.archivedBy })
            : t('file.archivedBannerUnknown', { date: formatDate(identity.archivedAt) })}
        </Alert>
      )}

      <Tabs value={tab} aria-label={t('file.tabs.label')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }} variant="scrollable" scrollButtons="auto">
        {FILE_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={<FileTabLabel label={`${t(`file.tabs.${name}`)}${name === 'consultations' ? ` (${file.data.consultations.length})` : ''}`} idPatient={identity.idPatient} journal={name === 'journal'} />}
            component={RouterLink}
            to={filePath(name, identity.idPatient)}
          />
        ))}
      </Tabs>

      {tab === 'dossier' && <DossierTab file={file.data} />}
      {tab === 'consultations' && <ConsultationsTab file={file.data} consultId={consultId} />}
      <LazyFileTab tab={tab} idPatient={identity.idPatient} />

      {confirmAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={t('file.archiveTitle')}
            text={t('file.archiveText', { name: identity.FullName })}
            confirmLabel={t('file.archiveConfirm')}
            busy={archive.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              archive.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  notify(t('file.archived'), 'success');
                  void navigate('/patients/list', { replace: true });
                },
                onError: (error) => {
                  setConfirming(false);
                  notify(error.message, 'error');
                },
              })
            }
          />
        </Suspense>
      )}
    </Box>
  );
}
