import { Avatar, List, ListItem, ListItemAvatar, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@wellbe/shared/schemas/chat';
import { UnreadBadge } from './unread-badge.tsx';

/**
 * The chat panel's group conversations (issue 16: the panel shows the same conversations as
 * /messaging): title, number of members (the summary lists the others: + 1 for me), unread badge;
 * last message first, as the server sorts them. No member names in the row: a contact's name
 * names one row of the panel only.
 */
export function GroupList({ groups, selected, onSelect }: { groups: ConversationSummary[]; selected: string | null; onSelect: (g: ConversationSummary) => void }) {
  const { t } = useTranslation('chat');
  return (
    <List dense aria-label={t('groups')} subheader={<ListSubheader disableSticky>{t('groups')}</ListSubheader>}>
      {groups.map((g) => (
        <ListItem key={g.id} disablePadding>
          <ListItemButton selected={g.id === selected} onClick={() => onSelect(g)} data-testid="chat-group">
            <ListItemAvatar>
              <Avatar alt="" aria-hidden>
                <GroupsIcon />
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={g.title}
              secondary={t('memberCount', { count: g.members.length + 1 })}
              slotProps={{ primary: { noWrap: true, sx: { fontWeight: g.unread ? 700 : 400 } }, secondary: { noWrap: true } }}
            />
            <UnreadBadge count={g.unread} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
