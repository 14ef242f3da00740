import { Alert, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { api } from '../../lib/api.ts';
import type { practiceContactAnswer } from '@wellbe/shared/schemas/organisations';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { queryKeys } from '../../lib/query-keys.ts';
import { InfoLine } from '../../components/info-line.tsx';

/** GET /api/organisations/current/contact: the signed-in user's practice, as a support contact. */
function usePracticeContact() {
  return useQuery({
    queryKey: queryKeys.organisations.currentContact,
    queryFn: ({ signal }) => api<Answer<typeof practiceContactAnswer>>('/organisations/current/contact', { signal }).then((r) => r.data),
  });
}

/**
 * /support for PA and SA: who to contact for help with WellBe at their practice, until the support
 * conversation of the messaging module exists.
 */
export function SupportPage() {
  const { t } = useTranslation('pages');
  const contact = usePracticeContact();
  return (
    <>
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <Card sx={{ maxWidth: 640 }}>
        <CardContent>
          {contact.isPending ? (
            <CircularProgress size={24} aria-label={t('loading.title')} />
          ) : contact.isError ? (
            <Alert severity="error">{contact.error.message}</Alert>
          ) : (
            <Stack spacing={2}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {contact.data.name}
              </Typography>
              {contact.data.phone && (
                <InfoLine icon={<PhoneOutlinedIcon />} label={t('support.phone')}>
                  <Link href={`tel:${contact.data.phone.replace(/\s/g, '')}`}>{contact.data.phone}</Link>
                </InfoLine>
              )}
              {contact.data.email && (
                <InfoLine icon={<EmailOutlinedIcon />} label={t('support.email')}>
                  <Link href={`mailto:${contact.data.email}`}>{contact.data.email}</Link>
                </InfoLine>
              )}
              {contact.data.address && (
                <InfoLine icon={<PlaceOutlinedIcon />} label={t('support.address')}>
                  {contact.data.address}
                </InfoLine>
              )}
              {!contact.data.phone && !contact.data.email && !contact.data.address && <Typography color="textSecondary">{t('support.noContact')}</Typography>}
              <Typography variant="body2" color="textSecondary">
                {t('support.later')}
              </Typography>
            </Stack>
          )}
        </CardContent>
      </Card>
    </>
  );
}
