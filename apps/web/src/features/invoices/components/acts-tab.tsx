import { Box, Button, IconButton, List, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Act } from '@wellbe/shared/schemas/invoices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionListItem } from '../../../components/action-list-item.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Ltr } from '../../../components/ltr.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useActs, useArchiveAct } from '../api/invoices.ts';
import { ActDialog } from './act-dialog.tsx';
import { Money } from './money.tsx';
import { TableRegion } from './table-region.tsx';

/** 'Actes et tarifs': the price list the 'Facturer' dialog offers. Another practitioner's own act is shown, not changed (the server refuses it too). */
export function ActsTab() {
  const { t } = useTranslation('invoices');
  const { user } = useSession();
  const acts = useActs();
  const archive = useArchiveAct();
  const [editing, setEditing] = useState<Act | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Act | null>(null);
  const mine = (a: Act) => a.practitionerId == null || a.practitionerId === user?.id;
  const vat = (a: Act) => (a.vatRateBp ? <Ltr>{`${(a.vatRateBp / 100).toLocaleString('fr-FR')} %`}</Ltr> : t('acts.vatExempt'));
  const owner = (a: Act) => (a.practitionerId ? t('acts.ownerPersonal') : t('acts.ownerOrganisation'));
  // On a phone the six columns were cut by the card (owner and the edit and archive buttons out of
  // sight): one row per act, its details under its label and its buttons beside.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const actions = (a: Act) => mine(a) && <ActActions act={a} onEdit={() => setEditing(a)} onArchive={() => setArchiving(a)} />;
  return (
    <Box>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ mb: 2 }}>
        {t('acts.new')}
      </Button>
      {acts.data && acts.data.length === 0 && <Typography color="textSecondary">{t('acts.empty')}</Typography>}
      {acts.data && acts.data.length > 0 && phone && (
        <List aria-label={t('tabs.acts')} disablePadding>
          {acts.data.map((a) => (
            <ActionListItem key={a.id} divider disableGutters action={actions(a)}>
              <ListItemText
                primary={a.label}
                secondary={
                  <>
                    {a.code && <Ltr>{a.code}</Ltr>}
                    {a.code && ' · '}
                    <Money cents={a.priceCents} /> · {vat(a)} · {owner(a)}
                  </>
                }
              />
            </ActionListItem>
          ))}
        </List>
      )}
      {acts.data && acts.data.length > 0 && !phone && (
        <TableRegion label={t('tabs.acts')}>
          <Table size="small" aria-label={t('tabs.acts')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('form.label')}</TableCell>
                <TableCell>{t('acts.code')}</TableCell>
                <TableCell align="right">{t('acts.priceColumn')}</TableCell>
                <TableCell>{t('acts.vat')}</TableCell>
                <TableCell>{t('acts.owner')}</TableCell>
                <TableCell align="right">{t('acts.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {acts.data.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>{a.label}</TableCell>
                  <TableCell>{a.code && <Ltr>{a.code}</Ltr>}</TableCell>
                  <TableCell align="right">
                    <Money cents={a.priceCents} />
                  </TableCell>
                  <TableCell>{vat(a)}</TableCell>
                  <TableCell>{owner(a)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(a)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      {editing && <ActDialog act={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!archiving}
        title={t('acts.archive')}
        text={t('acts.archiveText', { label: archiving?.label ?? '' })}
        confirmLabel={t('acts.archive')}
        cancelLabel={t('form.cancel')}
        busy={archive.isPending}
        onCancel={() => setArchiving(null)}
        onConfirm={() =>
          archive.mutate(archiving!.id, {
            onSuccess: () => setArchiving(null),
            onError: (err) => notify(err.message, 'error'),
          })
        }
      />
    </Box>
  );
}

/** An act's 'Modifier' and 'Archiver' buttons, named after the act. */
function ActActions({ act, onEdit, onArchive }: { act: Act; onEdit: () => void; onArchive: () => void }) {
  const { t } = useTranslation('invoices');
  return (
    <>
      <Tooltip title={t('acts.edit')}>
        <IconButton aria-label={t('acts.editNamed', { label: act.label })} onClick={onEdit}>
          <EditOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('acts.archive')}>
        <IconButton aria-label={t('acts.archiveNamed', { label: act.label })} onClick={onArchive}>
          <ArchiveOutlinedIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
