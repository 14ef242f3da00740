import { Box, Button, List, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ActionListItem } from '../../../components/action-list-item.tsx';
import { Ltr } from '../../../components/ltr.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useNoShows } from '../api/invoices.ts';

/**
 * The patient's no-shows (appointments marked absent), newest as the agenda gives them: each says
 * whether a no-show fee was invoiced (open it) or offers to invoice one (for the roles that bill).
 */
export function PatientNoShows({ patientId, onInvoice, onOpen }: { patientId: string; onInvoice?: (appointmentId: string) => void; onOpen: (invoiceId: string) => void }) {
  const { t } = useTranslation('invoices');
  const noShows = useNoShows(patientId);
  return (
    <Box component="section" aria-labelledby="no-shows-title" sx={{ mt: 3 }}>
      <Typography id="no-shows-title" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('noShows.title')}
      </Typography>
      {noShows.data && noShows.data.length === 0 && <Typography color="textSecondary">{t('noShows.empty')}</Typography>}
      {noShows.data && noShows.data.length > 0 && (
        <List dense aria-labelledby="no-shows-title">
          {noShows.data.map((n) => (
            <ActionListItem
              key={n.appointmentId}
              divider
              action={
                n.invoiceId ? (
                  <Button size="small" onClick={() => onOpen(n.invoiceId!)}>
                    {t('noShows.invoiced')}
                  </Button>
                ) : (
                  onInvoice && (
                    <Button size="small" variant="outlined" onClick={() => onInvoice(n.appointmentId)}>
                      {t('noShows.invoice')}
                    </Button>
                  )
                )
              }
            >
              <ListItemText primary={<Ltr>{formatDateTime(n.startsAt)}</Ltr>} secondary={n.practitioner} />
            </ActionListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
