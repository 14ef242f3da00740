import {
  Box,
  Button,
  Chip,
  Grid,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import DownloadIcon from '@mui/icons-material/Download';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlatformRole, isRole } from '@wellbe/shared/roles';
import { PagedTable, plainTable, sharedWidths } from '../../../components/paged-table.tsx';
import { Ltr } from '../../../components/ltr.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useListState, type ListStateConfig } from '../../../lib/use-list-state.ts';
import { useOrganisationOptions } from '../../../lib/organisation-options.ts';
import { downloadJournalCsv, useJournal, type JournalFilterValues } from '../api/admin-api.ts';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { listPaging } from '../../../components/list-controls.tsx';
import { journalLabel } from '../journal-labels.ts';
import { organisationItems } from '../../../components/organisation-items.tsx';

const PAGE_SIZES = [25, 50, 100];
/**
 * Each column's share of the table: fixed, the columns keep their place when the rows replace the
 * skeletons (0.05 of layout shift when they followed the rows); the date's, unwrapped, fits at the
 * table's narrowest.
 */
const SHARES = { at: 17, user: 13, role: 12, action: 15, record: 10, patient: 12, outcome: 9, ip: 12 } as const;
// Filters and page live in the URL (a reload keeps the view); typed filters apply after a pause,
// selects and dates at once.
const LIST: ListStateConfig<keyof JournalFilterValues> = {
  pageSizes: PAGE_SIZES,
  pageSize: 50,
  filters: ['organizationId', 'userId', 'patientId', 'user', 'patient', 'action', 'outcome', 'from', 'to'],
  textFilters: ['user', 'patient', 'action'],
  debounceMs: 400,
};
const OUTCOME_COLORS = { success: 'success', denied: 'error', error: 'warning' } as const;

/** 'Journal d'accès': who did what on which record, filtered, paged and exported as CSV. */
export function JournalTab() {
  const { t } = useTranslation(['admin', 'common']);
  const { role } = useSession();
  const platform = isPlatformRole(role);
  const list = useListState(LIST);
  const { filters, page, pageSize } = list;
  const [exporting, setExporting] = useState(false);
  const journal = useJournal(filters, page, pageSize, true);
  const organisations = useOrganisationOptions(platform);

  const timeZone = journal.data?.timeZone ?? 'Europe/Paris';
  const format = useMemo(
    () => new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    [timeZone],
  );
  const set = (key: keyof JournalFilterValues) => (value: string) => list.update({ filters: { [key]: value } });
  const text = (key: 'user' | 'patient' | 'action', label: string) => (
    <TextField size="small" fullWidth label={label} value={list.drafts[key]} onChange={(e) => list.setDraft(key, e.target.value)} />
  );
  const date = (key: 'from' | 'to', label: string) => (
    <DatePicker
      label={label}
      format="DD/MM/YYYY"
      value={filters[key] ? dayjs(filters[key]) : null}
      onChange={(v) => set(key)(v && v.isValid() ? v.format('YYYY-MM-DD') : '')}
      slotProps={{ textField: { size: 'small', fullWidth: true }, field: { clearable: true } }}
    />
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadJournalCsv(filters);
    } catch (error) {
      notify((error as Error).message || t('journal.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <DateLocalization>
        <Grid container spacing={2} sx={{ p: 2 }}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('user', t('journal.filters.user'))}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('patient', t('journal.filters.patient'))}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('action', t('journal.filters.action'))}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField select size="small" fullWidth label={t('journal.filters.outcome')} value={filters.outcome} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(e) => set('outcome')(e.target.value)}>
              <MenuItem value="">{t('journal.filters.any')}</MenuItem>
              <MenuItem value="success">{t('journal.outcomes.success')}</MenuItem>
              <MenuItem value="denied">{t('journal.outcomes.denied')}</MenuItem>
              <MenuItem value="error">{t('journal.outcomes.error')}</MenuItem>
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{date('from', t('journal.filters.from'))}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{date('to', t('journal.filters.to'))}</Grid>
          {platform && (
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextField select size="small" fullWidth label={t('journal.filters.organisation')} value={filters.organizationId} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(e) => set('organizationId')(e.target.value)}>
                <MenuItem value="">{t('journal.filters.allOrganisations')}</MenuItem>
                {organisationItems(organisations.data)}
              </TextField>
            </Grid>
          )}
          <Grid size={{ xs: 12, md: platform ? 3 : 6 }} sx={{ display: 'flex', gap: 1, alignItems: 'center', whiteSpace: 'nowrap' }}>
            <Button onClick={list.clear}>{t('journal.reset')}</Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={exporting}>
              {t('journal.export')}
            </Button>
          </Grid>
        </Grid>
      </DateLocalization>
      <Typography variant="body2" color="textSecondary" sx={{ px: 2, pb: 1 }}>
        {t('journal.timeZone', { timeZone })}
      </Typography>
      <PagedTable
        label={t('tabs.journal')}
        columns={sharedWidths((Object.keys(SHARES) as (keyof typeof SHARES)[]).map((key) => ({ key, label: t(`journal.columns.${key}`), share: SHARES[key] })))}
        minWidth={960}
        rows={journal.data?.data}
        renderRow={(e) => (
        <tr key={e.id} className={plainTable.hover}>
          <td className={`${plainTable.cell} ${plainTable.nowrap}`}>
            <Ltr>{format.format(new Date(e.at)).replace(',', '')}</Ltr>
          </td>
          <td className={plainTable.cell}>
            {e.userName ?? t('journal.anonymous')}
            {e.username && (
              <Typography variant="caption" color="textSecondary" component="div">
                {e.username}
              </Typography>
            )}
          </td>
          <td className={plainTable.cell}>{e.role && isRole(e.role) ? t(`common:roles.${e.role}`) : ''}</td>
          <td className={plainTable.cell} title={e.action}>{journalLabel(t, e.action)}</td>
          <td className={plainTable.cell} title={e.recordType ?? undefined}>{journalLabel(t, e.recordType)}</td>
          <td className={plainTable.cell}>{e.patientName}</td>
          <td className={plainTable.cell}>
            <Chip size="small" variant="outlined" color={OUTCOME_COLORS[e.outcome]} label={t(`journal.outcomes.${e.outcome}`)} />
          </td>
          <td className={plainTable.cell}>{e.ip}</td>
        </tr>
        )}
        empty={t('journal.empty')}
        {...listPaging(list, journal, PAGE_SIZES)}
      />
    </Box>
  );
}
