import { Box, Button, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Act } from '@wellbe/shared/schemas/invoices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Ltr } from '../../../components/ltr.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useActs, useArchiveAct } from '../api/invoices.ts';
import { ActDialog } from './act-dialog.tsx';
import { Money } from './money.tsx';

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
  return (
    <Box>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ mb: 2 }}>
        {t('acts.new')}
      </Button>
      {acts.data && acts.data.length === 0 && <Typography color="text.secondary">{t('acts.empty')}</Typography>}
      {acts.data && acts.data.length > 0 && (
        <TableContainer>
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
                  <TableCell>{a.practitionerId ? t('acts.ownerPersonal') : t('acts.ownerOrganisation')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {mine(a) && (
                      <>
                        <Tooltip title={t('acts.edit')}>
                          <IconButton aria-label={t('acts.editNamed', { label: a.label })} onClick={() => setEditing(a)}>
                            <EditOutlinedIcon />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('acts.archive')}>
                          <IconButton aria-label={t('acts.archiveNamed', { label: a.label })} onClick={() => setArchiving(a)}>
                            <ArchiveOutlinedIcon />
                          </IconButton>
                        </Tooltip>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
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
