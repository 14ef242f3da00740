import { useState } from 'react';
import { Autocomplete, Box, Button, IconButton, List, ListItem, ListItemText, TextField, Tooltip, Typography } from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import { useTranslation } from 'react-i18next';
import type { Chat, ChatContact } from '@wellbe/shared/schemas/chat';
import { CHAT_LIMITS } from '@wellbe/shared/domain/chat';
import { useGroupChange } from '../api/group.ts';
import { StatusDot } from './status-dot.tsx';

/**
 * /messaging's details column: members with their presence; for a group, rename and add (any
 * member), remove (the creator) and leave.
 */
export function ConversationDetails({ chat, me, contacts, onLeft }: { chat: Chat; me: string; contacts: ChatContact[]; onLeft: () => void }) {
  const { t } = useTranslation('chat');
  const change = useGroupChange(chat.id);
  const [title, setTitle] = useState(chat.title);
  const [adding, setAdding] = useState<ChatContact[]>([]);
  const group = chat.kind === 'group';
  const creator = group && chat.createdBy === me;
  const candidates = contacts.filter((c) => c.role !== 'PT' && !chat.members.some((m) => m.id === c.id));
  return (
    <>
      {group && (
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, mb: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (title.trim() && title.trim() !== chat.title) change.mutate({ kind: 'rename', title: title.trim() });
          }}
        >
          <TextField size="small" label={t('groupTitle')} value={title} onChange={(e) => setTitle(e.target.value)} slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.titleMax } }} />
          <Button type="submit" size="small" disabled={!title.trim() || title.trim() === chat.title || change.isPending}>
            {t('rename')}
          </Button>
        </Box>
      )}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('members')}
      </Typography>
      <List dense>
        {chat.members.map((m) => {
          const status = m.id === me ? null : (contacts.find((c) => c.id === m.id)?.status ?? 'offline');
          return (
            <ListItem
              key={m.id}
              sx={{ px: 1 }}
              secondaryAction={
                creator && m.id !== me ? (
                  <Tooltip title={t('removeMember', { name: m.name })}>
                    <IconButton edge="end" size="small" aria-label={t('removeMember', { name: m.name })} onClick={() => change.mutate({ kind: 'remove', userId: m.id })}>
                      <PersonRemoveIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              {status && (
                <Box sx={{ display: 'flex', me: 1 }}>
                  <StatusDot status={status} label="" />
                </Box>
              )}
              <ListItemText sx={{ mx: 1 }} primary={m.id === me ? `${m.name} (${t('you')})` : m.name} secondary={status ? t(`presence.${status}`) : undefined} />
            </ListItem>
          );
        })}
      </List>
      {group && (
        <>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
            <Autocomplete
              multiple
              size="small"
              options={candidates}
              value={adding}
              onChange={(_e, v) => setAdding(v)}
              getOptionLabel={(c) => c.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => <TextField {...params} label={t('addMembers')} />}
            />
            <Button size="small" variant="outlined" disabled={!adding.length || change.isPending} onClick={() => change.mutate({ kind: 'add', memberIds: adding.map((c) => c.id) }, { onSuccess: () => setAdding([]) })}>
              {t('add')}
            </Button>
          </Box>
          <Button color="error" size="small" onClick={() => change.mutate({ kind: 'remove', userId: me }, { onSuccess: onLeft })}>
            {t('leave')}
          </Button>
        </>
      )}
    </>
  );
}
