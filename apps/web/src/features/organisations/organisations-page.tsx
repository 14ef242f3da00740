import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  Paper,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import ImageIcon from '@mui/icons-material/Image';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import type { Organisation } from '@wellbe/shared/schemas/organisations';
import type { ReferenceItem } from '@wellbe/shared/schemas/reference';
import { GENERAL_SPECIALIST_ID, type JobSpecialist } from '@wellbe/shared/schemas/specialists';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { ListSearchField, listPaging } from '../../components/list-controls.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable, plainTable, sharedWidths } from '../../components/paged-table.tsx';
import { ReferenceTable } from '../../components/reference-table.tsx';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useListState, type ListStateConfig } from '../../lib/use-list-state.ts';
import { useOrganisationTable, useUpdateOrganisation, useUploadLogo } from './api/organisations-api.ts';
import { DeactivateDialog } from './components/deactivate-dialog.tsx';
import { OrganisationDialog } from './components/organisation-dialog.tsx';

const PAGE_SIZES = [10, 25, 50];
/**
 * The columns and their shares of the table: fixed, they keep their place when the rows replace the
 * skeletons (their move was 0.01 of layout shift); a SIRET fits on one line.
 */
const COLUMNS: { key: string; share: number; align?: 'right'; sticky?: boolean }[] = [
  { key: 'name', share: 17 },
  { key: 'address', share: 14 },
  { key: 'contact', share: 16 },
  { key: 'siret', share: 14 },
  { key: 'users', share: 9, align: 'right' },
  { key: 'patients', share: 8, align: 'right' },
  { key: 'status', share: 8 },
  { key: 'actions', share: 14, align: 'right', sticky: true },
];
// Search and page live in the URL: a reload keeps them.
const LIST: ListStateConfig = { pageSizes: PAGE_SIZES, pageSize: 25 };

function OrganisationsTab() {
  const { t } = useTranslation('organisations');
  const { user } = useSession();
  const list = useListState(LIST);
  const params = { q: list.q, page: list.page, pageSize: list.pageSize };
  const [editing, setEditing] = useState<Organisation | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Organisation | null>(null);
  const [reactivating, setReactivating] = useState<Organisation | null>(null);
  const logoFor = useRef<Organisation | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const table = useOrganisationTable(params, true);
  const update = useUpdateOrganisation();
  const upload = useUploadLogo();
  const fail = (error: Error) => notify(error.message, 'error');

  const setActive = (o: Organisation, active: boolean, deactivationReason?: string) =>
    update.mutate(
      { id: o.idOrganization, body: { active, deactivationReason } },
      {
        onSuccess: () => notify(t(active ? 'toast.activated' : 'toast.deactivated', { name: o.name }), 'success'),
        onError: fail,
        onSettled: () => (setDeactivating(null), setReactivating(null)),
      },
    );

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <ListSearchField list={list} label={t('search')} />
        <Button variant="contained" startIcon={<AddBusinessIcon />} onClick={() => setEditing('new')}>
          {t('create')}
        </Button>
      </Box>
      <PagedTable
        label={t('title')}
        columns={sharedWidths(COLUMNS.map((column) => ({ ...column, label: t(`columns.${column.key}`) })))}
        minWidth={900}
        rows={table.data?.data}
        renderRow={(o) => (
          <tr key={o.idOrganization} className={plainTable.hover}>
            <td className={plainTable.cell}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Avatar variant="rounded" src={o.logoUrl ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}>
                  {o.name.charAt(0)}
                </Avatar>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {o.name}
                </Typography>
              </Box>
            </td>
            <td className={plainTable.cell}>{o.address}</td>
            <td className={plainTable.cell}>
              <Typography variant="body2">
                <Ltr>{o.phone}</Ltr>
              </Typography>
              <Typography variant="body2" color="textSecondary">
                <Ltr>{o.email}</Ltr>
              </Typography>
            </td>
            <td className={plainTable.cell}>{o.siret}</td>
            <td className={`${plainTable.cell} ${plainTable.end}`}>{o.userCount}</td>
            <td className={`${plainTable.cell} ${plainTable.end}`}>{o.patientCount}</td>
            <td className={plainTable.cell}>
              {o.active ? (
                <Chip size="small" color="success" label={t('status.active')} />
              ) : (
                <Tooltip title={t('status.reason', { reason: o.deactivationReason ?? '', date: formatDate(o.deactivatedAt) })}>
                  <Chip size="small" variant="outlined" label={t('status.inactive')} />
                </Tooltip>
              )}
            </td>
            <td className={`${plainTable.cell} ${plainTable.end} ${plainTable.sticky} ${plainTable.nowrap}`}>
              <Tooltip title={t('actions.edit')}>
                <IconButton aria-label={t('actions.editNamed', { name: o.name })} onClick={() => setEditing(o)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('actions.logo')}>
                <IconButton
                  aria-label={t('actions.logoNamed', { name: o.name })}
                  onClick={() => {
                    logoFor.current = o;
                    fileInput.current?.click();
                  }}
                >
                  <ImageIcon />
                </IconButton>
              </Tooltip>
              {o.active ? (
                o.idOrganization !== user?.idOrganization && (
                  <Tooltip title={t('actions.deactivate')}>
                    <IconButton aria-label={t('actions.deactivateNamed', { name: o.name })} onClick={() => setDeactivating(o)}>
                      <BlockIcon />
                    </IconButton>
                  </Tooltip>
                )
              ) : (
                <Tooltip title={t('actions.activate')}>
                  <IconButton aria-label={t('actions.activateNamed', { name: o.name })} onClick={() => setReactivating(o)}>
                    <CheckCircleIcon />
                  </IconButton>
                </Tooltip>
              )}
            </td>
          </tr>
        )}
        empty={t('empty')}
        {...listPaging(list, table, PAGE_SIZES)}
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        accept="image/png,image/jpeg,image/webp"
        aria-label={t('actions.logo')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          const o = logoFor.current;
          e.target.value = '';
          if (file && o) upload.mutate({ id: o.idOrganization, file }, { onSuccess: () => notify(t('toast.logo', { name: o.name }), 'success'), onError: fail });
        }}
      />
      {editing && (
        <OrganisationDialog
          organisation={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(o, created) => {
            setEditing(null);
            notify(t(created ? 'toast.created' : 'toast.saved', { name: o.name }), 'success');
          }}
        />
      )}
      {deactivating && <DeactivateDialog name={deactivating.name} busy={update.isPending} onCancel={() => setDeactivating(null)} onConfirm={(reason) => setActive(deactivating, false, reason)} />}
      <ConfirmDialog
        open={!!reactivating}
        busy={update.isPending}
        text={reactivating ? t('activate.text', { name: reactivating.name }) : ''}
        confirmLabel={t('activate.confirm')}
        cancelLabel={t('form.cancel')}
        confirmColor="primary"
        onCancel={() => setReactivating(null)}
        onConfirm={() => reactivating && setActive(reactivating, true)}
      />
    </>
  );
}

/** A job speciality as the reference-table kit lists it; `dietetic` is its own field. */
type Speciality = JobSpecialist & ReferenceItem;

function SpecialitiesTab() {
  const { t } = useTranslation('organisations');
  return (
    <ReferenceTable<Speciality>
      resource="specialists"
      title={t('tabs.specialities')}
      intro={t('specialities.intro')}
      createLabel={t('specialities.create')}
      titleCreate={t('specialities.titleCreate')}
      titleEdit={t('specialities.titleEdit')}
      flags={[
        {
          name: 'dietetic',
          column: t('specialities.dieteticColumn'),
          label: t('specialities.dietetic'),
          defaultValue: false,
          // SPEC §7: speciality 1 is the general profile, without dietetic fields.
          locked: (row) => row?.id === GENERAL_SPECIALIST_ID,
          lockedLabel: t('specialities.generalHint'),
        },
      ]}
      mayDeactivate={(row) => row.id !== GENERAL_SPECIALIST_ID}
    />
  );
}

/**
 * /organizations: an open route (SPEC §2) whose data and actions belong to the
 * organisation group (SA, DE); everybody else is told the page is reserved.
 */
export function OrganisationsPage() {
  const { t } = useTranslation('organisations');
  const { role } = useSession();
  const [tab, setTab] = useState<'organisations' | 'specialities'>('organisations');
  if (!can(role, 'organisation')) {
    return (
      <Box>
        <PageHeader title={t('title')} />
        <Alert severity="info">{t('reserved')}</Alert>
      </Box>
    );
  }
  return (
    <Box>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, v: typeof tab) => setTab(v)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="organisations" label={t('tabs.organisations')} />
          <Tab value="specialities" label={t('tabs.specialities')} />
        </Tabs>
        {tab === 'organisations' ? <OrganisationsTab /> : <SpecialitiesTab />}
      </Paper>
    </Box>
  );
}
