import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useChat } from '../features/chat/api/get-chat.ts';
import { useSendMessage } from '../features/chat/api/send-message.ts';
import { ConversationView } from '../features/chat/components/conversation-view.tsx';
import { VideoPage } from '../features/video/video-page.tsx';

/** /teleconsultation/:appointmentId: the video visit, with the messaging's conversation beside it. */
export function TeleconsultationWithChatPage() {
  return <VideoPage chat={(me, other) => <CallChat me={me} other={other} />} />;
}

/** The text chat beside the video: the conversation of the appointment's patient and practitioner (the messaging's). */
function CallChat({ me, other }: { me: string; other: string | null }) {
  const { t } = useTranslation('video');
  const chat = useChat(other ? { contactId: other } : null);
  const send = useSendMessage();
  return (
    <Box component="section" aria-label={t('chat.title')} sx={{ display: 'flex', flexDirection: 'column', minHeight: { xs: 280, md: 0 }, height: '100%', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        {t('chat.title')}
      </Typography>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {chat.data ? (
          <ConversationView chat={chat.data} me={me} send={(input) => send.mutateAsync({ ...input, chatId: chat.data!.id, contactId: other })} />
        ) : chat.isError || !other ? (
          <Typography color="textSecondary" sx={{ p: 2 }}>
            {t('chat.empty')}
          </Typography>
        ) : (
          <CircularProgress size={20} sx={{ m: 2 }} aria-label={t('common:table.loading')} />
        )}
      </Box>
    </Box>
  );
}
