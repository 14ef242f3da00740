import { useMemo, useState } from 'react';
import {
  Autocomplete,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import { fold } from '@wellbe/shared/domain/text';
import type { ChatContact, ConversationSummary } from '@wellbe/shared/schemas/chat';
import { CHAT_LIMITS } from '@wellbe/shared/domain/chat';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useChatContacts } from './api/contacts.ts';
import { useConversations, useCreateGroup } from './api/conversations.ts';
import { useChat } from './api/get-chat.ts';
import { useSendMessage } from './api/send-message.ts';
import { ConversationView } from './components/conversation-view.tsx';
import { ConversationDetails } from './components/group-details.tsx';
import { StatusDot } from './components/status-dot.tsx';
import { StatusMenu } from './components/status-menu.tsx';

/** /messaging: the conversations full page (list with search + thread + details), groups for staff. */
export function MessagingPage() {
  const { t } = useTranslation('chat');
  const { role, user } = useSession();
  const allowed = can(role, 'chats');
  const conversations = useConversations();
  const contacts = useChatContacts(allowed);
  // ?chat={id} opens a conversation (the patient's "Nous écrire" lands here).
  const [search] = useSearchParams();
  const [selected, setSelected] = useState<{ chatId?: string; contactId?: string } | null>(() => (search.get('chat') ? { chatId: search.get('chat')! } : null));
  const [q, setQ] = useState('');
  const [groupOpen, setGroupOpen] = useState(false);
  const chat = useChat(selected);
  const send = useSendMessage();

  // Conversations first, then the contacts without one yet (starting a conversation from here).
  const rows = useMemo(() => {
    const list: (ConversationSummary | ChatContact)[] = [...(conversations.data ?? [])];
    for (const c of contacts.data ?? []) if (!c.chatId || !list.some((x) => 'kind' in x && x.id === c.chatId)) list.push(c);
    const words = fold(q).split(' ').filter(Boolean);
    return list.filter((r) => {
      const hay = fold('kind' in r ? `${r.title} ${r.members.map((m) => m.name).join(' ')} ${r.lastMessage?.text ?? ''}` : r.name);
      return words.every((w) => hay.includes(w));
    });
  }, [conversations.data, contacts.data, q]);

  if (!allowed) {
    return (
      <>
        <PageHeader title={t('messaging')} />
        <EmptyState icon={<ForumIcon fontSize="large" />} title={t('noContacts')} />
      </>
    );
  }
  const isSelected = (r: ConversationSummary | ChatContact) => ('kind' in r ? selected?.chatId === r.id : selected?.contactId === r.id);

  return (
    <>
      <PageHeader
        title={t('messaging')}
        actions={
          <>
            <StatusMenu />
            {can(role, 'chatGroups') && (
              <Button variant="contained" startIcon={<GroupAddIcon />} onClick={() => setGroupOpen(true)}>
                {t('newGroup')}
              </Button>
            )}
          </>
        }
      />
      <Card sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)', lg: '320px minmax(0, 1fr) 260px' }, height: 'calc(100vh - 220px)', minHeight: 420 }}>
        <Box sx={{ display: { xs: selected ? 'none' : 'flex', md: 'flex' }, flexDirection: 'column', borderInlineEnd: '1px solid', borderColor: 'divider', minHeight: 0 }}>
          <Box sx={{ p: 1.5 }}>
            <TextField fullWidth size="small" type="search" label={t('search')} value={q} onChange={(e) => setQ(e.target.value)} />
          </Box>
          <List dense aria-label={t('messaging')} sx={{ overflowY: 'auto', flex: 1 }}>
            {rows.map((r) => {
              const conv = 'kind' in r ? r : null;
              const name = conv ? conv.title : (r as ChatContact).name;
              const status = conv ? conv.status : (r as ChatContact).status;
              const unread = r.unread;
              return (
                <ListItem key={r.id} disablePadding>
                <ListItemButton selected={isSelected(r)} onClick={() => setSelected(conv ? { chatId: conv.id } : { contactId: r.id })} data-testid="messaging-row">
                  <ListItemAvatar>
                    <Box sx={{ position: 'relative', width: 40 }}>
                      <Avatar src={r.avatar ?? undefined} alt="" aria-hidden>
                        {name.charAt(0)}
                      </Avatar>
                      {status && (
                        <Box sx={{ position: 'absolute', bottom: -2, insetInlineEnd: -2, display: 'flex' }}>
                          <StatusDot status={status} label={t(`presence.${status}`)} />
                        </Box>
                      )}
                    </Box>
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <>
                        {name}
                        {conv?.kind === 'group' && <Chip size="small" label={t('group')} sx={{ mx: 1 }} />}
                      </>
                    }
                    secondary={
                      conv?.lastMessage ? (
                        <>
                          {conv.lastMessage.who === user?.id ? `${t('common:labelled', { label: t('you') })} ` : ''}
                          <bdi>{conv.lastMessage.text}</bdi>
                        </>
                      ) : undefined
                    }
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: unread ? 700 : 400 } }, secondary: { noWrap: true } }}
                  />
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, mx: 1 }}>
                    {conv?.lastMessageTime && (
                      <Typography variant="caption" color="textSecondary">
                        {formatDate(conv.lastMessageTime)}
                      </Typography>
                    )}
                    {unread > 0 && <Badge color="error" badgeContent={unread} max={99} slotProps={{ badge: { 'aria-label': t('unread', { count: unread }) } as object }} sx={{ mx: 1 }} />}
                  </Box>
                </ListItemButton>
                </ListItem>
              );
            })}
          </List>
          {rows.length === 0 && !conversations.isLoading && (
            <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
              {q ? t('noResults') : t('noContacts')}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: { xs: selected ? 'flex' : 'none', md: 'flex' }, flexDirection: 'column', minHeight: 0 }}>
          {chat.data && user && !chat.isError ? (
            <>
              <Box sx={{ px: 2, py: 1.5, borderBottom: '1px solid', borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1 }}>
                <Button size="small" sx={{ display: { md: 'none' } }} onClick={() => setSelected(null)}>
                  {t('back')}
                </Button>
                <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
                  {chat.data.title}
                </Typography>
              </Box>
              <ConversationView chat={chat.data} me={user.id} send={(input) => send.mutateAsync({ ...input, chatId: chat.data!.id })} />
            </>
          ) : (
            <EmptyState icon={<ForumIcon fontSize="large" />} title={t('selectContact')} text={t('selectContactText')} />
          )}
        </Box>
        <Box sx={{ display: { xs: 'none', lg: 'block' }, borderInlineStart: '1px solid', borderColor: 'divider', p: 2, overflowY: 'auto' }}>
          <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
            {t('details')}
          </Typography>
          {chat.data && user && !chat.isError && (
            <>
              {chat.data.patientConversation && (
                <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                  {t('patientConversation')}
                </Typography>
              )}
              <ConversationDetails key={chat.data.id + chat.data.title} chat={chat.data} me={user.id} contacts={contacts.data ?? []} onLeft={() => setSelected(null)} />
            </>
          )}
        </Box>
      </Card>
      {groupOpen && <GroupDialog contacts={(contacts.data ?? []).filter((c) => c.role !== 'PT')} onClose={(chatId) => (setGroupOpen(false), chatId && setSelected({ chatId }))} />}
    </>
  );
}

function GroupDialog({ contacts, onClose }: { contacts: ChatContact[]; onClose: (chatId?: string) => void }) {
  const { t } = useTranslation('chat');
  const create = useCreateGroup();
  const [title, setTitle] = useState('');
  const [members, setMembers] = useState<ChatContact[]>([]);
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ title: title.trim(), memberIds: members.map((m) => m.id) }, { onSuccess: (conv) => onClose(conv.id) });
        }}
      >
        <DialogTitle>{t('newGroup')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField required label={t('groupTitle')} value={title} onChange={(e) => setTitle(e.target.value)} slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.titleMax } }} />
          <Autocomplete
            multiple
            options={contacts}
            value={members}
            onChange={(_e, v) => setMembers(v)}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t('groupMembers')} />}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!title.trim() || members.length === 0 || create.isPending}>
            {t('create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
