import { List, ListItem, ListItemButton, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, useMediaQuery, useTheme } from '@mui/material';
import type { InvoiceSummary } from '@wellbe/shared/schemas/invoices';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr.tsx';
import { Tag } from '../../../components/tag.tsx';
import { formatDate } from '../../../lib/format.ts';
import { Money } from './money.tsx';
import { TableRegion } from './table-region.tsx';

// The agenda's tag (components/tag.tsx): the palette's light colours fail axe's contrast, so only a
// paid invoice is coloured (success, dark), the others keep the plain tag.
const PAID = { bgcolor: 'success.main', color: 'success.contrastText' } as const;

/** The invoices, newest first: a row opens the invoice (its payments, PDF, credit note). */
export function InvoiceTable({ rows, onOpen, showPatient = true }: { rows: InvoiceSummary[]; onOpen: (id: string) => void; showPatient?: boolean }) {
  const { t } = useTranslation('invoices');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const tag = (r: InvoiceSummary) => <Tag label={t(`status.${r.status}`)} sx={r.status === 'paid' ? PAID : undefined} />;
  // On a phone the six columns were cut by the card (total, balance and status out of sight): one
  // row per invoice, its figures under its number.
  if (phone)
    return (
      <List aria-label={t('tabs.invoices')} disablePadding>
        {rows.map((r) => (
          <ListItem key={r.id} divider disablePadding data-testid="invoice-row">
            <ListItemButton onClick={() => onOpen(r.id)} sx={{ px: 0, columnGap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={
                  <>
                    <Ltr>{r.number ?? t('status.draft')}</Ltr>
                    {showPatient && ` · ${r.patient.fullName}`}
                  </>
                }
                secondary={
                  <>
                    <Ltr>{formatDate(r.actDate)}</Ltr> · {t('columns.total')} <Money cents={r.totalCents} /> · {t('columns.balance')} <Money cents={r.balanceCents} />
                  </>
                }
              />
              {tag(r)}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  return (
    <TableRegion label={t('tabs.invoices')}>
      <Table size="small" aria-label={t('tabs.invoices')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.number')}</TableCell>
            {showPatient && <TableCell>{t('columns.patient')}</TableCell>}
            <TableCell>{t('columns.date')}</TableCell>
            <TableCell align="right">{t('columns.total')}</TableCell>
            <TableCell align="right">{t('columns.balance')}</TableCell>
            <TableCell>{t('columns.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover onClick={() => onOpen(r.id)} sx={{ cursor: 'pointer' }} data-testid="invoice-row">
              <TableCell>
                <button type="button" onClick={() => onOpen(r.id)} style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}>
                  <Ltr>{r.number ?? t('status.draft')}</Ltr>
                </button>
              </TableCell>
              {showPatient && <TableCell>{r.patient.fullName}</TableCell>}
              <TableCell>
                <Ltr>{formatDate(r.actDate)}</Ltr>
              </TableCell>
              <TableCell align="right">
                <Money cents={r.totalCents} />
              </TableCell>
              <TableCell align="right">
                <Money cents={r.balanceCents} />
              </TableCell>
              <TableCell>
                {tag(r)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
