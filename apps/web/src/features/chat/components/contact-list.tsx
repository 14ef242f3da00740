import { Avatar, Box, List, ListItem, ListItemAvatar, ListItemButton, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ChatContact } from '@wellbe/shared/schemas/chat';
import { StatusDot } from './status-dot.tsx';
import { UnreadBadge } from './unread-badge.tsx';

/** The chat panel's contacts: avatar with status dot, name, mood, unread badge; last message first. */
export function ContactList({ contacts, selected, onSelect }: { contacts: ChatContact[]; selected: string | null; onSelect: (c: ChatContact) => void }) {
  const { t } = useTranslation('chat');
  return (
    <List dense aria-label={t('contacts')} sx={{ overflowY: 'auto', flex: 1 }}>
      {contacts.map((c) => (
        <ListItem key={c.id} disablePadding>
        <ListItemButton selected={c.id === selected} onClick={() => onSelect(c)} data-testid="chat-contact">
          <ListItemAvatar>
            <Box sx={{ position: 'relative', width: 40 }}>
              <Avatar src={c.avatar ?? undefined} alt="" aria-hidden>
                {c.name.charAt(0)}
              </Avatar>
              <Box sx={{ position: 'absolute', bottom: -2, insetInlineEnd: -2, display: 'flex' }}>
                <StatusDot status={c.status} label={t(`presence.${c.status}`)} />
              </Box>
            </Box>
          </ListItemAvatar>
          <ListItemText
            primary={c.name}
            secondary={<bdi>{c.mood || c.job}</bdi>}
            slotProps={{ primary: { noWrap: true, sx: { fontWeight: c.unread ? 700 : 400 } }, secondary: { noWrap: true } }}
          />
          <UnreadBadge count={c.unread} />
        </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
