import { SupportPage } from '../features/support/support-page.tsx';
import { SupportConversation } from '../features/chat/components/support-conversation.tsx';

/** /support (PA, SA): the practice's contact card, then the conversation with WellBe support. */
export function SupportWithChatPage() {
  return (
    <>
      <SupportPage />
      <SupportConversation />
    </>
  );
}
