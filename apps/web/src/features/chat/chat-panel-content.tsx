import { Avatar, Box, Button, CircularProgress, IconButton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { useSession } from '../../lib/session.ts';
import { createStore } from '../../lib/store.ts';
import { useChatContacts } from './api/contacts.ts';
import { useConversations } from './api/conversations.ts';
import { useChat } from './api/get-chat.ts';
import { useSendMessage } from './api/send-message.ts';
import { ContactList } from './components/contact-list.tsx';
import { GroupList } from './components/group-list.tsx';
import { ConversationView } from './components/conversation-view.tsx';
import { StatusMenu } from './components/status-menu.tsx';
import { StatusDot } from './components/status-dot.tsx';
import { FLIP_IN_RTL } from '../../components/flip-in-rtl.ts';

/** Nothing selected: the contact list (SPEC §4: closing the panel clears the selection). */
export const NO_CHAT_SELECTED = { contactId: null, chatId: null };

/** The panel's selected contact, or group conversation. */
export const chatPanelStore = createStore<{ contactId: string | null; chatId: string | null }>(NO_CHAT_SELECTED);

/** The chat panel's body (SPEC §2): contacts, or the conversation with the selected one. */
export function ChatPanelContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('chat');
  const { user } = useSession();
  const { contactId, chatId } = chatPanelStore.use();
  const contacts = useChatContacts();
  // Group conversations come from /messaging's list (the contacts are one-to-one by nature).
  const conversations = useConversations();
  const groups = conversations.data?.filter((c) => c.kind === 'group') ?? [];
  const chat = useChat(contactId ? { contactId } : chatId ? { chatId } : null);
  const send = useSendMessage();
  const contact = contacts.data?.find((c) => c.id === contactId);

  if (contactId || chatId) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
          <IconButton aria-label={t('back')} onClick={() => chatPanelStore.set(NO_CHAT_SELECTED)}>
            <ArrowBackIcon sx={FLIP_IN_RTL} />
          </IconButton>
          <Avatar src={contact?.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {contact ? contact.name.charAt(0) : <GroupsIcon />}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {contact?.name ?? chat.data?.title}
            </Typography>
            {!contact && chat.data && (
              <Typography variant="caption" color="textSecondary" noWrap component="p">
                <bdi>{chat.data.members.map((m) => m.name).join(', ')}</bdi>
              </Typography>
            )}
            {contact && (
              <Typography variant="caption" color="textSecondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <StatusDot status={contact.status} label="" />
                {t(`presence.${contact.status}`)}
                {contact.mood ? (
                  <>
                    {' · '}
                    <bdi>{contact.mood}</bdi>
                  </>
                ) : null}
              </Typography>
            )}
          </Box>
        </Box>
        {chat.data && user ? (
          <ConversationView chat={chat.data} me={user.id} send={(input) => send.mutateAsync({ ...input, chatId: chat.data!.id, contactId })} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>{chat.isLoading && <CircularProgress aria-label={t('title')} />}</Box>
        )}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Box sx={{ px: 2, py: 0.5, borderBottom: '1px solid', borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <StatusMenu />
        <Button size="small" component={RouterLink} to="/messaging" onClick={onNavigate}>
          {t('messaging')}
        </Button>
      </Box>
      {contacts.data && contacts.data.length === 0 && groups.length === 0 && <EmptyState icon={<ForumIcon fontSize="large" />} title={t('noContacts')} text={t('noContactsText')} />}
      {contacts.data && contacts.data.length + groups.length > 0 && (
        <Box sx={{ overflowY: 'auto', flex: 1 }}>
          <Typography variant="body2" color="textSecondary" sx={{ px: 2, pt: 1 }}>
            {t('selectContact')}
          </Typography>
          <ContactList contacts={contacts.data} selected={contactId} onSelect={(c) => chatPanelStore.set({ contactId: c.id, chatId: null })} />
          {groups.length > 0 && <GroupList groups={groups} selected={chatId} onSelect={(g) => chatPanelStore.set({ contactId: null, chatId: g.id })} />}
        </Box>
      )}
      {contacts.isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t('title')} />
        </Box>
      )}
    </Box>
  );
}
