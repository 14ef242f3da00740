import { Box, Button, Chip, Link, List, ListItem, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useTranslation } from 'react-i18next';
import { WithLtr } from '../../../components/ltr.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { openPdf, type DocumentRow } from '../api/clinical-documents.ts';

const COLOUR = { valid: 'success', replaced: 'warning', revoked: 'error' } as const;

/**
 * Issued documents, newest first: kind, number, date, status, the PDF and its verification page;
 * for the practitioner (`onSend`), "Envoyer dans la messagerie" on a document not revoked.
 */
export function DocumentList({ documents, onSend }: { documents: DocumentRow[]; onSend?: (doc: DocumentRow) => void }) {
  const { t } = useTranslation('clinicalDocuments');
  if (!documents.length) return <Typography color="textSecondary">{t('empty')}</Typography>;
  const open = (doc: DocumentRow) => openPdf(doc.pdfUrl).catch(() => notify(t('loadError'), 'error'));
  return (
    <List disablePadding aria-label={t('title')}>
      {documents.map((doc) => (
        <ListItem key={doc.id} divider sx={{ display: 'block', px: 0 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Box>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {t(`kind.${doc.kind}`)}
              </Typography>{' '}
              <Typography component="span" color="textSecondary">
                <WithLtr text={(n) => t('number', { number: n })} value={doc.number} /> · <WithLtr text={(d) => t('issuedOn', { date: d })} value={formatDate(doc.issuedAt)} />
              </Typography>{' '}
              <Chip size="small" color={COLOUR[doc.status]} label={t(`status.${doc.status}`)} variant="outlined" />
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button size="small" startIcon={<PrintIcon />} onClick={() => void open(doc)} aria-label={`${t('open')} ${t(`kind.${doc.kind}`)} ${doc.number}`}>
                {t('open')}
              </Button>
              {onSend && doc.status !== 'revoked' && (
                <Button size="small" startIcon={<SendIcon />} onClick={() => onSend(doc)} aria-label={`${t('common:labelled', { label: t('send') })} ${t(`kind.${doc.kind}`)} ${doc.number}`}>
                  {t('send')}
                </Button>
              )}
              {doc.verifyUrl && (
                <Link href={doc.verifyUrl} target="_blank" rel="noopener" variant="body2">
                  {t('verifyLink')}
                </Link>
              )}
            </Stack>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
