import { Box, Button, Card, Chip, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import SupportIcon from '@mui/icons-material/SupportAgentOutlined';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { usePatchSupport, useSendSupport, useSupportChat, useSupportDesk } from './api/support.ts';
import { ConversationView } from './components/conversation-view.tsx';

async function markDeskRead(chatId: string) {
  await api(`/chat/conversations/${encodeURIComponent(chatId)}/read`, { method: 'POST', body: {} }).catch(() => {});
  void queryClient.invalidateQueries({ queryKey: queryKeys.chat.unread });
}

/** /support-chat/{id?} (developer only, SPEC §6): every organisation's support conversations. */
export function SupportChatPage() {
  const { t } = useTranslation('chat');
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const desk = useSupportDesk();
  const chat = useSupportChat(id ?? null);
  const send = useSendSupport(id);
  const patch = usePatchSupport(id ?? '');
  const current = desk.data?.find((d) => d.id === id);
  return (
    <>
      <PageHeader title={t('support.desk')} />
      <Card sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '340px 1fr' }, height: 'calc(100vh - 220px)', minHeight: 420 }}>
        <Box sx={{ overflowY: 'auto', borderInlineEnd: '1px solid', borderColor: 'divider' }}>
        <List dense aria-label={t('support.desk')}>
          {desk.data?.map((d) => (
            <ListItem key={d.id} disablePadding>
            <ListItemButton selected={d.id === id} onClick={() => navigate(`/support-chat/${d.id}`)}>
              <ListItemText
                primary={`${d.organisation ?? ''} — ${d.members.map((m) => m.name).join(', ')}`}
                secondary={d.lastMessage?.text}
                slotProps={{ primary: { noWrap: true, sx: { fontWeight: d.unread ? 700 : 400 } }, secondary: { noWrap: true } }}
              />
              <Chip size="small" color={d.supportStatus === 'closed' ? 'default' : 'success'} label={t(d.supportStatus === 'closed' ? 'support.closed' : 'support.open')} sx={{ mx: 1 }} />
            </ListItemButton>
            </ListItem>
          ))}
        </List>
          {desk.data?.length === 0 && (
            <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
              {t('support.empty')}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          {chat.data && user && current ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 2, py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
                <Typography sx={{ flex: 1, fontWeight: 600 }}>
                  {current.organisation} · {current.lastMessageTime ? formatDateTime(current.lastMessageTime) : ''}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {current.assignedTo ? t('support.assignedTo', { name: chat.data.members.find((m) => m.id === current.assignedTo)?.name ?? '' }) : t('support.unassigned')}
                </Typography>
                {current.assignedTo !== user.id && (
                  <Button size="small" onClick={() => patch.mutate({ assignedTo: user.id })}>
                    {t('support.assign')}
                  </Button>
                )}
                <Button size="small" variant="outlined" onClick={() => patch.mutate({ status: chat.data!.supportStatus === 'closed' ? 'open' : 'closed' })}>
                  {t(chat.data.supportStatus === 'closed' ? 'support.reopen' : 'support.close')}
                </Button>
              </Box>
              <ConversationView chat={chat.data} me={user.id} send={(input) => send.mutateAsync(input)} markRead={markDeskRead} />
            </>
          ) : (
            <EmptyState icon={<SupportIcon fontSize="large" />} title={t('support.select')} />
          )}
        </Box>
      </Card>
    </>
  );
}
