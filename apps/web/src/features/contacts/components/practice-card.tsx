import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import EmailIcon from '@mui/icons-material/MailOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.ts';
import { usePracticeCard, useWriteToPractice } from '../api/practice.ts';
import { InfoLine } from '../../../components/info-line.tsx';

/** A patient's /contact: the practice's public card and "Nous écrire" (a conversation with the secretariat). */
export function PracticeContact() {
  const { t } = useTranslation('contacts');
  const card = usePracticeCard();
  const write = useWriteToPractice();
  const navigate = useNavigate();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write.mutate(
      { subject, message },
      {
        onSuccess: (answer) => {
          notify(t('practice.sent'), 'success');
          setSubject('');
          setMessage('');
          // The conversation with the practice opens in /messaging.
          if (answer?.chatId) void navigate(`/messaging?chat=${answer.chatId}`);
        },
      },
    );
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent>
          {card.isPending ? (
            <CircularProgress size={24} aria-label={t('loading')} />
          ) : card.isError ? (
            <Alert severity="error">{card.error.message}</Alert>
          ) : (
            <Stack spacing={2}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {card.data.name}
              </Typography>
              {card.data.address && (
                <InfoLine icon={<PlaceIcon />} label={t('fields.address')}>
                  {card.data.address}
                </InfoLine>
              )}
              {card.data.phone && (
                <InfoLine icon={<PhoneIcon />} label={t('fields.phone')}>
                  <Link href={`tel:${card.data.phone.replace(/\s/g, '')}`}>{card.data.phone}</Link>
                </InfoLine>
              )}
              {card.data.email && (
                <InfoLine icon={<EmailIcon />} label={t('fields.email')}>
                  <Link href={`mailto:${card.data.email}`}>{card.data.email}</Link>
                </InfoLine>
              )}
              {card.data.openingHours && (
                <InfoLine icon={<ScheduleIcon />} label={t('practice.hours')}>
                  {card.data.openingHours}
                </InfoLine>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 560 }}>
        <CardContent component="form" onSubmit={submit} noValidate>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('practice.write')}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {t('practice.writeHelp')}
          </Typography>
          {write.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {write.error.message}
            </Alert>
          )}
          <Stack spacing={2}>
            <TextField label={t('practice.subject')} value={subject} onChange={(e) => setSubject(e.target.value)} required slotProps={{ htmlInput: { maxLength: 200 } }} fullWidth />
            <TextField label={t('practice.message')} value={message} onChange={(e) => setMessage(e.target.value)} required multiline minRows={5} slotProps={{ htmlInput: { maxLength: 5000 } }} fullWidth />
            <Box>
              <Button type="submit" variant="contained" disabled={write.isPending || !subject.trim() || !message.trim()}>
                {t('practice.send')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
