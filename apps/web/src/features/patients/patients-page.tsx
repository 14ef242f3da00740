import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  ListItem,
  ListItemButton,
  InputAdornment,
  Paper,
  TableCell,
  TableRow,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import { isPlatformRole } from '@wellbe/shared/roles';
import { PATIENT_SORTS, type PatientSort } from '@wellbe/shared/schemas/patient-files';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { fetchBlob, saveBlob } from './api/files.ts';
import { usePatientTable, type PatientTableParams } from './api/list-patients.ts';
import { useNoticeSummary } from './api/notices.ts';
import { NewPatientDialog } from './components/new-patient-dialog.tsx';
import { filePath } from './paths.ts';
import { Ltr } from '../../components/ltr.tsx';

const PAGE_SIZES = [25, 50, 100];
const SORTABLE: Record<string, PatientSort> = { name: 'name', birthDate: 'birthDate', lastConsultation: 'lastConsultation', consultations: 'consultations' };

/** Search, page and sort live in the URL: a reload or a shared link shows the same selection. */
function useTableParams(): [PatientTableParams, (patch: Partial<PatientTableParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const sort = search.get('sort');
  const params: PatientTableParams = {
    q: search.get('q') ?? '',
    page: Math.max(1, Number(search.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(search.get('pageSize'))) ? Number(search.get('pageSize')) : 25,
    sort: (PATIENT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PatientSort) : 'name',
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
    archived: search.get('archived') === '1' ? '1' : undefined,
  };
  const update = (patch: Partial<PatientTableParams>) => {
    const next = { ...params, ...patch };
    const out = new URLSearchParams();
    if (next.q) out.set('q', next.q);
    if (next.page > 1) out.set('page', String(next.page));
    if (next.pageSize !== 25) out.set('pageSize', String(next.pageSize));
    if (next.sort !== 'name') out.set('sort', next.sort);
    if (next.order !== 'asc') out.set('order', next.order);
    if (next.archived) out.set('archived', '1');
    setSearch(out, { replace: true });
  };
  return [params, update];
}

/** /patients/list (issue 6): the organisation's patients, paged, sorted and searched by the server. */
export function PatientsPage() {
  const { t } = useTranslation('patients');
  const { role, user } = useSession();
  const navigate = useNavigate();
  const [params, update] = useTableParams();
  const [text, setText] = useState(params.q);
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const isPatient = role === 'PT';
  const platform = !!role && isPlatformRole(role);
  const table = usePatientTable(platform ? params : { ...params, archived: undefined }, !isPatient);
  const summary = useNoticeSummary(!isPatient);

  // Typing searches after a short pause, from the first page.
  useEffect(() => {
    if (text.trim() === params.q) return;
    const timer = setTimeout(() => update({ q: text.trim(), page: 1 }), 250);
    return () => clearTimeout(timer);
  }, [text]);

  // A patient user has one file: theirs (issue 6).
  if (isPatient) return user?.data.idPatient ? <Navigate to={filePath('dossier', user.data.idPatient)} replace /> : <Navigate to="/dashboard" replace />;

  const onSort = (column: PatientSort) => {
    const order = params.sort === column && params.order === 'asc' ? 'desc' : 'asc';
    update({ sort: column, order, page: 1 });
  };

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
  const columns: { key: keyof typeof SORTABLE | 'phone' | 'email'; align?: 'right' }[] = [
    { key: 'name' },
    { key: 'phone' },
    { key: 'email' },
    { key: 'birthDate' },
    { key: 'lastConsultation' },
    { key: 'consultations', align: 'right' },
  ];

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader
        title={t('list.title')}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {table.data && <span>{t('list.subtitle', { count: total })}</span>}
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
            value={text}
            onChange={(e) => setText(e.target.value)}
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
            // Archived files stay readable to SA and DE (issue 6).
            <FormControlLabel
              sx={{ mt: 0.5 }}
              control={<Switch checked={!!params.archived} onChange={(e) => update({ archived: e.target.checked ? '1' : undefined, page: 1 })} />}
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
              sx: { fontWeight: 600, whiteSpace: 'nowrap' },
              sort: sortKey && { active: params.sort === sortKey, direction: params.order, onSort: () => onSort(sortKey) },
            };
          })}
          rows={table.data?.data}
          renderRow={(p) => (
            <TableRow
              key={p.idPatient}
              hover
              tabIndex={0}
              sx={{ cursor: 'pointer' }}
              aria-label={t('list.open', { name: p.FullName })}
              onClick={() => void navigate(filePath('dossier', p.idPatient))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void navigate(filePath('dossier', p.idPatient));
              }}
            >
              <TableCell sx={{ fontWeight: 500 }}>
                {p.FullName}
                {p.archivedAt && <Chip size="small" color="warning" variant="outlined" label={t('list.archivedOn', { date: formatDate(p.archivedAt) })} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Ltr>{p.PhoneNumber}</Ltr>
              </TableCell>
              <TableCell>
                <Ltr>{p.Email}</Ltr>
              </TableCell>
              <TableCell>
                <Ltr>{formatDate(p.birthDate)}</Ltr>
              </TableCell>
              <TableCell>
                <Ltr>{formatDate(p.lastConsultationAt)}</Ltr>
              </TableCell>
              <TableCell align="right">{p.consultationCount}</TableCell>
            </TableRow>
          )}
          renderCard={(p) => (
            <ListItem key={p.idPatient} disablePadding>
              <ListItemButton
                aria-label={t('list.open', { name: p.FullName })}
                onClick={() => void navigate(filePath('dossier', p.idPatient))}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, display: 'block' }}
              >
                <Typography sx={{ fontWeight: 600 }}>
                  {p.FullName}
                  {p.archivedAt && <Chip size="small" color="warning" variant="outlined" label={t('list.archivedOn', { date: formatDate(p.archivedAt) })} sx={{ ml: 1 }} />}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <Ltr>{p.PhoneNumber}</Ltr> · <Ltr>{p.Email}</Ltr>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('list.columns.birthDate')} : <Ltr>{formatDate(p.birthDate) || '—'}</Ltr> · {t('list.columns.lastConsultation')} :{' '}
                  <Ltr>{formatDate(p.lastConsultationAt) || '—'}</Ltr> · {t('list.columns.consultations')} : {p.consultationCount}
                </Typography>
              </ListItemButton>
            </ListItem>
          )}
          empty={params.q ? t('list.empty') : t('list.emptyAll')}
          loading={table.isFetching}
          error={table.error}
          page={params.page}
          pageSize={params.pageSize}
          pageSizes={PAGE_SIZES}
          total={total}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize, page: 1 })}
        />
      </Paper>

      {creating && (
        <NewPatientDialog
          onClose={() => setCreating(false)}
          onCreated={(idPatient) => {
            setCreating(false);
            notify(t('create.created'), 'success');
            void navigate(filePath('dossier', idPatient));
          }}
        />
      )}
    </Box>
  );
}
