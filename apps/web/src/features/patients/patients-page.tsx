import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  InputAdornment,
  Paper,
  Switch,
  TextField,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import { isPlatformRole } from '@wellbe/shared/roles';
import type { PatientSort } from '@wellbe/shared/domain/patient-files';
import { listPaging } from '../../components/list-controls.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { fetchBlob, saveBlob } from './api/files.ts';
import { usePatientTable } from '../../lib/patient-search.ts';
import { PATIENT_LIST, tableParams } from './lib/list-request.ts';
import { useDiaryNewCounts } from '../../lib/diary-badge.ts';
import { useNoticeSummary } from './api/notices.ts';
import { filePath } from './paths.ts';
import { PatientCard, PatientRow } from './components/patient-rows.tsx';

// The creation form (react-hook-form, zod: ~40 KB) loads when it is opened, not with the list (issue 13).
const NewPatientDialog = lazy(() => import('./components/new-patient-dialog.tsx').then((m) => ({ default: m.NewPatientDialog })));

const SORTABLE: Record<string, PatientSort> = { name: 'name', birthDate: 'birthDate', lastConsultation: 'lastConsultation', consultations: 'consultations' };


/** /patients/list: the organisation's patients, paged, sorted and searched by the server. */
export function PatientsPage() {
  const { t } = useTranslation('patients');
  const { role, user } = useSession();
  const navigate = useNavigate();
  const list = useListState(PATIENT_LIST);
  const params = tableParams(list, role);
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const isPatient = role === 'PT';
  const platform = !!role && isPlatformRole(role);
  const table = usePatientTable(params, !isPatient);
  const summary = useNoticeSummary(!isPatient);
  const diaryNew = useDiaryNewCounts();

  // A patient user has one file: theirs.
  if (isPatient) return user?.data.idPatient ? <Navigate to={filePath('dossier', user.data.idPatient)} replace /> : <Navigate to="/dashboard" replace />;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const archived: Record<string, string> = platform && params.archived ? { archived: '1' } : {};
      saveBlob(await fetchBlob('/patients/export', { q: params.q, sort: params.sort, order: params.order, ...archived }), t('list.exportFile'));
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : t('file.loadError'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const total = table.data?.total ?? 0;
  // Fixed widths: the columns keep their place when the rows replace the skeletons (no layout shift).
  const columns: { key: keyof typeof SORTABLE | 'phone' | 'email'; align?: 'right'; width: string }[] = [
    { key: 'name', width: '21%' },
    { key: 'phone', width: '13%' },
    { key: 'email', width: '24%' },
    { key: 'birthDate', width: '12%' },
    { key: 'lastConsultation', width: '15%' },
    { key: 'consultations', align: 'right', width: '15%' },
  ];

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader
        title={t('list.title')}
        subtitle={
          // As tall as the chip before the count and the chip arrive: the table below stays in place.
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 24 }}>
            {table.data && <span>{table.data.totalCapped ? t('list.subtitleCapped', { count: total }) : t('list.subtitle', { count: total })}</span>}
            {summary.data && (
              <Chip
                size="small"
                icon={<StarIcon sx={{ color: '#f5a623 !important' }} />}
                label={
                  summary.data.average == null
                    ? t('list.noNotice')
                    : `${t('list.average', { average: summary.data.average.toLocaleString('fr-FR') })} · ${t('list.averageCount', { count: summary.data.count })}${
                        summary.data.recommendRate == null ? '' : ` · ${t('list.recommend', { rate: Math.round(summary.data.recommendRate * 100) })}`
                      }`
                }
                data-testid="notice-average"
              />
            )}
          </Box>
        }
        actions={
          <>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={exporting || total === 0}>
              {t('list.export')}
            </Button>
            {role && can(role, 'dpsWrite') && (
              <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setCreating(true)}>
                {t('list.newPatient')}
              </Button>
            )}
          </>
        }
      />

      <Paper variant="outlined">
        <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            sx={{ flex: '1 1 320px' }}
            fullWidth
            size="small"
            label={t('list.search')}
            helperText={t('list.searchHint')}
            value={list.drafts.q}
            onChange={(e) => list.setDraft('q', e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              htmlInput: { type: 'search' },
            }}
          />
          {platform && (
            // Archived files stay readable to SA and DE.
            <FormControlLabel
              sx={{ mt: 0.5 }}
              control={<Switch checked={!!params.archived} onChange={(e) => list.update({ filters: { archived: e.target.checked ? '1' : '' } })} />}
              label={t('list.archived')}
            />
          )}
        </Box>
        <PagedTable
          label={t('list.table')}
          columns={columns.map((c) => {
            const sortKey = SORTABLE[c.key];
            return {
              key: c.key,
              label: t(`list.columns.${c.key}`),
              align: c.align,
              width: c.width,
              sx: { fontWeight: 600 },
              sort: sortKey && { active: params.sort === sortKey, direction: params.order, onSort: () => list.toggleSort(sortKey) },
            };
          })}
          rows={table.data?.data}
          renderRow={(p) => (
            <PatientRow key={p.idPatient} p={p} diaryNew={diaryNew.get(p.idPatient) ?? 0} onOpen={() => void navigate(filePath('dossier', p.idPatient))} />
          )}
          renderCard={(p) => (
            <PatientCard key={p.idPatient} p={p} diaryNew={diaryNew.get(p.idPatient) ?? 0} onOpen={() => void navigate(filePath('dossier', p.idPatient))} />
          )}
          // A card on a 412 px phone: name, phone and email, then the dates on two lines (measured).
          cardHeight={101}
          empty={params.q ? t('list.empty') : t('list.emptyAll')}
          {...listPaging(list, table, [...PATIENT_LIST.pageSizes])}
        />
      </Paper>

      {creating && (
        <Suspense fallback={null}>
          <NewPatientDialog
            onClose={() => setCreating(false)}
            onCreated={(idPatient) => {
              setCreating(false);
              notify(t('create.created'), 'success');
              void navigate(filePath('dossier', idPatient));
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
