import { Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, Link, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { PatientFile } from '@wellbe/shared/schemas/patient-files';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { usePatientFile, usePatientMeasures } from './api/patient-file.ts';
import { IdentityCard } from './components/identity-card.tsx';
import { LatestValues } from './components/latest-values.tsx';
import { NoticeView } from './components/notice-view.tsx';
import { Timeline } from './components/timeline.tsx';
import { FILE_TABS, filePath, isFileTab, type FileTab } from './paths.ts';
import { FileActions } from './components/file-actions.tsx';
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
      {/* The column waits for the measures (sent with the file: URL_FIRST_REQUESTS): drawn before them,
          the consultations' card moved down by the measures' height when they came (CLS 0.024 on a desk). */}
      {measures.isPending ? (
        <Skeleton variant="rounded" height={314} aria-label={t('file.loading')} />
      ) : (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardHeader title={t('summary.latest')} slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }} sx={{ pb: 0 }} />
            <CardContent>
              {measures.data?.points.length ? <LatestValues measures={measures.data} /> : <Typography color="textSecondary">{t('measures.noData')}</Typography>}
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
                  <Typography color="textSecondary">{t('summary.noNotices')}</Typography>
                )}
              </CardContent>
            </Card>
          )}
        </Stack>
      )}
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
          <Typography variant="body2" color="textSecondary">
            {t('timeline.selectHint')}
          </Typography>
        )
      )}
    </Box>
  );
}

/** /patient/{patientHandle}/{idPatient}/{consultId?}: the patient's file, its tab named by the URL. */
export function PatientPage() {
  const { t } = useTranslation('patients');
  const { patientHandle, idPatient = '', consultId } = useParams();
  const { role, user } = useSession();
  const navigate = useNavigate();
  const file = usePatientFile(idPatient);
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
        <CircularProgress size={28} aria-hidden />
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

  return <FileScreen file={file.data} tab={tab} consultId={consultId} />;
}

/** Below MUI's md breakpoint, where the title and its actions stand one above the other. */
const NARROW = '(max-width: 899.95px)';

/**
 * The file once loaded. On a phone its name, birth date and contacts (its largest text there,
 * Lighthouse's LCP) are committed first, with the back link and the actions; its tabs and tab in
 * the render after it, a deferred one (useDeferredValue's initial value), which React renders in
 * slices the browser paints between: the identity's paint no longer waits for the tabs, cards and
 * timeline (issue 31). They are below it, so nothing that was drawn moves. From 900 px the largest
 * text is the identity card's (its address): everything is drawn in one render there, as before.
 * The actions are never deferred: beside the title from 900 px, drawn later they narrowed it and
 * moved its lines (a layout shift of 0.008).
 */
function FileScreen({ file, tab, consultId }: { file: PatientFile; tab: FileTab; consultId?: string }) {
  const { t } = useTranslation('patients');
  const [narrow] = useState(() => window.matchMedia?.(NARROW).matches ?? false);
  const full = useDeferredValue(true, !narrow);
  const { identity } = file;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      {!file.isOwnFile && (
        <Button component={RouterLink} to="/patients/list" size="small" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {t('file.backToList')}
        </Button>
      )}
      {/* The title keeps its width (never narrowed to a column of wrapped lines); the actions go to
          the line under it when both do not fit (at 1366 px they ran off the screen's edge). */}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, flexWrap: 'wrap', gap: 2, mb: 2, '& > :first-of-type': { flex: '1 0 auto' } }}>
        <FileTitle identity={identity} isOwnFile={file.isOwnFile} />
        <FileActions file={file} />
      </Stack>

      {full && identity.archivedAt && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {identity.archivedBy
            ? t('file.archivedBanner', { date: formatDate(identity.archivedAt), by: identity.archivedBy })
            : t('file.archivedBannerUnknown', { date: formatDate(identity.archivedAt) })}
        </Alert>
      )}

      {full && (
        <>
          {/* Eight tabs overflow a phone: its arrows tell there are more (MUI hides them on phones by
              default). Drawn from the first render, disabled (transparent) at an end, so that nothing
              moves when the tabs are measured; from 600 px a disabled arrow takes no room, as before. */}
          <Tabs
            value={tab}
            aria-label={t('file.tabs.label')}
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, '& .MuiTabs-scrollButtons.Mui-disabled': { display: { sm: 'none' } } }}
            variant="scrollable"
            scrollButtons
            allowScrollButtonsMobile
          >
            {FILE_TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                label={<FileTabLabel label={`${t(`file.tabs.${name}`)}${name === 'consultations' ? ` (${file.consultations.length})` : ''}`} idPatient={identity.idPatient} journal={name === 'journal'} />}
                component={RouterLink}
                to={filePath(name, identity.idPatient)}
              />
            ))}
          </Tabs>

          {tab === 'dossier' && <DossierTab file={file} />}
          {tab === 'consultations' && <ConsultationsTab file={file} consultId={consultId} />}
          <LazyFileTab tab={tab} idPatient={identity.idPatient} />
        </>
      )}
    </Box>
  );
}
