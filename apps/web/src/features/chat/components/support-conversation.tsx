import { Box, Card, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.ts';
import { useMySupport, useSendSupport } from '../api/support.ts';
import { ConversationView } from './conversation-view.tsx';

async function markSupportRead() {
  await api('/chat/support/read', { method: 'POST', body: {} }).catch(() => {});
  void queryClient.invalidateQueries({ queryKey: queryKeys.chat.unread });
}

/** The practice's conversation with WellBe support (PA, SA): no patient data here. */
export function SupportConversation() {
  const { t } = useTranslation('chat');
  const { user } = useSession();
  const chat = useMySupport();
  const send = useSendSupport();
  return (
    <Card sx={{ maxWidth: 640, mt: 3, display: 'flex', flexDirection: 'column', height: 480 }}>
      <Box sx={{ px: 2, py: 1.5, borderBottom: '1px solid', borderColor: 'divider' }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('support.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('support.intro')}
        </Typography>
      </Box>
      {chat.data && user && <ConversationView chat={chat.data} me={user.id} send={(input) => send.mutateAsync(input)} markRead={() => markSupportRead()} />}
    </Card>
  );
}
