import { Box, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { downloadFile } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useMyInvoices } from './api/invoices.ts';
import { Money } from './components/money.tsx';

/** /mes-factures: the patient's issued invoices, what remains to pay, each one's PDF. */
export function MyInvoicesPage() {
  const { t } = useTranslation('invoices');
  const { data } = useMyInvoices();
  return (
    <Box>
      <PageHeader title={t('mine.title')} subtitle={t('mine.subtitle')} />
      <Card>
        <CardContent>
          {data && data.length === 0 && <Typography color="textSecondary">{t('mine.empty')}</Typography>}
          <List>
            {(data ?? []).map((inv) => (
              <ListItem key={inv.id} divider sx={{ flexWrap: 'wrap', gap: 2 }}>
                <ListItemText
                  primary={
                    <>
                      <Ltr>{inv.number}</Ltr> — <Ltr>{formatDate(inv.actDate)}</Ltr> — {inv.practitioner.fullName}
                    </>
                  }
                  secondary={
                    <>
                      {t('columns.total')} <Money cents={inv.totalCents} /> · {t('columns.balance')} <Money cents={inv.balanceCents} /> · {t(`status.${inv.status}`)}
                    </>
                  }
                />
                <Button variant="outlined" onClick={() => downloadFile(`/invoices/${inv.id}/pdf`, 'facture.pdf').catch((e: Error) => notify(e.message, 'error'))}>
                  {t('mine.download')}
                </Button>
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </Box>
  );
}
