import { Avatar, Box, Button, Chip, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import CakeIcon from '@mui/icons-material/CakeOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import CloseIcon from '@mui/icons-material/Close';
import MailIcon from '@mui/icons-material/MailOutlined';
import NotesIcon from '@mui/icons-material/NotesOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import LinkIcon from '@mui/icons-material/Link';
import WorkIcon from '@mui/icons-material/WorkOutlined';
import type { Contact } from '@wellbe/shared/schemas/contacts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { InfoLine } from '../../../components/info-line.tsx';

export function initialsOf(c: Pick<Contact, 'name' | 'lastName'>): string {
  return ((c.name[0] ?? '') + (c.lastName[0] ?? '')).toUpperCase();
}

export function fullName(c: Pick<Contact, 'name' | 'lastName'> & { prefix?: string }): string {
  return [c.prefix, c.name, c.lastName].filter(Boolean).join(' ');
}

/** The details side panel: call and mail links, every field as text. */
export function ContactDetails({ contact, onEdit, onDelete, onExport, onClose }: { contact: Contact; onEdit: () => void; onDelete: () => void; onExport: () => void; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  return (
    <Paper variant="outlined" component="section" aria-label={t('details.title', { name: fullName(contact) })} sx={{ p: 2.5, width: { xs: '100%', lg: 360 }, flexShrink: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        {/* The photo of a vCard, or an https avatar; the initials otherwise. */}
        <Avatar aria-hidden src={contact.avatar || undefined} alt="" sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
          {initialsOf(contact)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
            {fullName(contact)}
          </Typography>
          <Chip size="small" label={t(`professions.${contact.profession}`)} sx={{ mt: 0.5 }} />
        </Box>
        <IconButton aria-label={t('details.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack spacing={1.5}>
        {contact.phones.map((p, i) => (
          <InfoLine key={`tel-${i}`} icon={<PhoneIcon />} label={`${t('fields.phone')} · ${t(`types.${p.type}`)}`}>
            <Link href={`tel:${p.value.replace(/[\s.()-]/g, '')}`}>{p.value}</Link>
          </InfoLine>
        ))}
        {contact.emails.map((e, i) => (
          <InfoLine key={`mail-${i}`} icon={<MailIcon />} label={`${t('fields.email')} · ${t(`types.${e.type}`)}`}>
            <Link href={`mailto:${e.value}`}>{e.value}</Link>
          </InfoLine>
        ))}
        {contact.url && (
          <InfoLine icon={<LinkIcon />} label={t('fields.url')}>
            <Link href={contact.url} target="_blank" rel="noopener noreferrer">
              {contact.url}
            </Link>
          </InfoLine>
        )}
        {(contact.company || contact.jobTitle) && (
          <InfoLine icon={<WorkIcon />} label={t('fields.company')}>
            {[contact.jobTitle, contact.company].filter(Boolean).join(' — ')}
          </InfoLine>
        )}
        {contact.address && (
          <InfoLine icon={<PlaceIcon />} label={`${t('fields.address')} · ${t(`types.${contact.addressType}`)}`}>
            {contact.address}
          </InfoLine>
        )}
        {contact.rpps && (
          <InfoLine icon={<BadgeIcon />} label={t('fields.rpps')}>
            {contact.rpps}
          </InfoLine>
        )}
        {contact.birthday && (
          <InfoLine icon={<CakeIcon />} label={t('fields.birthday')}>
            {formatDate(contact.birthday)}
          </InfoLine>
        )}
        {contact.notes && (
          <InfoLine icon={<NotesIcon />} label={t('fields.notes')}>
            {contact.notes}
          </InfoLine>
        )}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, mt: 3, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onEdit}>
          {t('details.edit')}
        </Button>
        <Button onClick={onExport}>{t('details.export')}</Button>
        <Button color="error" onClick={onDelete}>
          {t('details.delete')}
        </Button>
      </Stack>
    </Paper>
  );
}
