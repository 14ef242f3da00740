import { useState } from 'react';
import { Box, Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, CHAT_STATUSES, type ChatStatus } from '@wellbe/shared/domain/chat';
import { useChatUser, useUpdateChatUser } from '../api/chat-user.ts';
import { StatusDot } from './status-dot.tsx';

/** My status (online, away, do-not-disturb, appear offline) and mood line. */
export function StatusMenu() {
  const { t } = useTranslation('chat');
  const user = useChatUser();
  const update = useUpdateChatUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mood, setMood] = useState<string | null>(null);
  const status: ChatStatus = user.data?.status ?? 'online';
  return (
    <>
      <Button
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<StatusDot status={status} label="" />}
        aria-haspopup="menu"
        aria-label={`${t('common:labelled', { label: t('status.label') })} ${t(`status.${status}`)}`}
        sx={{ textTransform: 'none', color: 'text.secondary' }}
      >
        {t(`status.${status}`)}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {CHAT_STATUSES.map((s) => (
          <MenuItem
            key={s}
            selected={s === status}
            onClick={() => {
              update.mutate({ status: s });
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <StatusDot status={s} label="" />
            </ListItemIcon>
            <ListItemText>{t(`status.${s}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <Box
          component="form"
          sx={{ px: 2, py: 1, display: 'flex', gap: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ mood: (mood ?? user.data?.mood ?? '').trim() });
            setAnchor(null);
          }}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <TextField
            size="small"
            label={t('mood')}
            placeholder={t('moodPlaceholder')}
            value={mood ?? user.data?.mood ?? ''}
            onChange={(e) => setMood(e.target.value)}
            slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.moodMax } }}
          />
          <Button type="submit" size="small">
            {t('save')}
          </Button>
        </Box>
      </Menu>
    </>
  );
}
