import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Box, Button, Divider, Typography } from '@mui/material';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { Chat, ChatAttachment, ChatDialogEntry } from '@wellbe/shared/schemas/chat';
import { CHAT_LIMITS } from '@wellbe/shared/domain/chat';
import { notify } from '../../../lib/notify.ts';
import { downloadAttachment, sendAttachment } from '../api/attachments.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { sendRealtime } from '../../../lib/realtime.ts';
import { activeChatStore, typingStore, updateCachedChat, withMessage } from '../chat-live.ts';
import { fetchOlderMessages } from '../api/messages.ts';
import { markChatRead } from '../api/mark-read.ts';
import { MessageText } from './message-text.tsx';
import { ChatComposer } from './chat-composer.tsx';

interface Pending {
  id: string;
  text: string;
  failed: boolean;
  file?: File;
}

export interface ConversationViewProps {
  chat: Chat;
  me: string;
  /** Sends one message with its client id (SPEC §7 send-message or the support call). */
  send: (input: { id: string; messageText: string }) => Promise<unknown>;
  /** Marks read (default: the conversation's read call). */
  markRead?: (chatId: string) => Promise<void>;
  disabled?: boolean;
}

/** A conversation as bubbles (mine on the reading end, theirs at the start), day separators, ticks, typing, and the input. */
export function ConversationView({ chat, me, send, markRead = markChatRead, disabled }: ConversationViewProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [pending, setPending] = useState<Pending[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderCursor, setOlderCursor] = useState<number | null>(chat.olderCursor);
  const scroller = useRef<HTMLDivElement>(null);
  const lastTyping = useRef(0);
  const { typing } = typingStore.use();

  useEffect(() => setOlderCursor(chat.olderCursor), [chat.id, chat.olderCursor]);

  // This conversation is on screen: its new messages are read at once.
  useEffect(() => {
    activeChatStore.set({ chatId: chat.id });
    return () => {
      if (activeChatStore.get().chatId === chat.id) activeChatStore.set({ chatId: null });
    };
  }, [chat.id]);
  const mine = chat.members.find((m) => m.id === me);
  const myRead = mine?.lastReadSeq ?? 0;
  const lastSeq = chat.dialog.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (lastSeq > myRead && document.visibilityState !== 'hidden') void markRead(chat.id).catch(() => {});
  }, [chat.id, lastSeq, myRead, markRead]);

  const shown = useMemo(() => {
    const stored = new Set(chat.dialog.map((m) => m.id));
    return { dialog: chat.dialog, pending: pending.filter((p) => !stored.has(p.id)) };
  }, [chat.dialog, pending]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.dialog.length, shown.pending.length, chat.id]);

  const others = chat.members.filter((m) => m.id !== me);
  const readBy = (m: ChatDialogEntry) => others.length > 0 && others.every((o) => o.lastReadSeq >= m.seq);
  const typist = typing[chat.id] && typing[chat.id].until > Date.now() ? chat.members.find((m) => m.id === typing[chat.id].userId) : undefined;

  const deliver = async (p: Pending) => {
    setPending((list) => list.map((x) => (x.id === p.id ? { ...x, failed: false } : x)));
    try {
      const answer = (p.file ? await sendAttachment(chat.id, { id: p.id, file: p.file }) : await send({ id: p.id, messageText: p.text })) as { message?: ChatDialogEntry } | undefined;
      if (answer?.message) updateCachedChat(chat.id, (c) => withMessage(c, answer.message!));
      setPending((list) => list.filter((x) => x.id !== p.id));
    } catch (err) {
      // A refused file (type, size: the server's French message) is not retried; a network failure is.
      const status = (err as { status?: number }).status;
      if (p.file && status && status >= 400 && status < 500) {
        notify((err as Error).message, 'error');
        setPending((list) => list.filter((x) => x.id !== p.id));
        return;
      }
      setPending((list) => list.map((x) => (x.id === p.id ? { ...x, failed: true } : x)));
    }
  };

  // Attachments by button or drop (not in support conversations: no patient file content there).
  const canAttach = chat.kind !== 'support' && !disabled;
  const attach = (files: FileList | null) => {
    for (const file of Array.from(files ?? []).slice(0, 5)) {
      const p = { id: crypto.randomUUID(), text: file.name, failed: false, file };
      setPending((list) => [...list, p]);
      void deliver(p);
    }
  };
  const onDrop = (e: DragEvent) => {
    if (!canAttach || !e.dataTransfer.files.length) return;
    e.preventDefault();
    attach(e.dataTransfer.files);
  };

  const submit = () => {
    const value = text.trim();
    // SPEC §5: an empty message is not sent.
    if (!value || value.length > CHAT_LIMITS.messageMax) return;
    const p = { id: crypto.randomUUID(), text: value, failed: false };
    setPending((list) => [...list, p]);
    setText('');
    void deliver(p);
  };

  const onChange = (value: string) => {
    setText(value);
    if (value && Date.now() - lastTyping.current > 3000) {
      lastTyping.current = Date.now();
      sendRealtime('chat.typing', { chatId: chat.id });
    }
  };

  const loadOlder = async () => {
    if (!olderCursor) return;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderMessages(chat.id, olderCursor);
      updateCachedChat(chat.id, (c) => page.messages.reduce(withMessage, c));
      setOlderCursor(page.olderCursor);
    } finally {
      setLoadingOlder(false);
    }
  };

  let lastDay = '';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} onDragOver={(e) => canAttach && e.preventDefault()} onDrop={onDrop}>
      <Box ref={scroller} role="log" aria-live="polite" aria-label={chat.title} tabIndex={0} sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        {olderCursor && (
          <Button size="small" onClick={() => void loadOlder()} disabled={loadingOlder} sx={{ alignSelf: 'center' }}>
            {t('loadOlder')}
          </Button>
        )}
        {shown.dialog.length === 0 && shown.pending.length === 0 && (
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', mt: 4 }}>
            {t('emptyChat')}
          </Typography>
        )}
        {shown.dialog.map((m) => {
          // Day and time in the organisation's zone, both: the browser's zone may be another one.
          const day = formatDate(m.time);
          const separator = day !== lastDay;
          lastDay = day;
          const own = m.who === me;
          const author = chat.members.find((x) => x.id === m.who);
          return (
            <Fragment key={m.id}>
              {separator && (
                <Divider sx={{ my: 1, fontSize: '0.75rem', color: 'text.secondary' }} role="presentation">
                  {day}
                </Divider>
              )}
              <Bubble own={own} author={!own && chat.kind !== 'direct' ? author?.name : undefined} time={formatTime(m.time)} text={m.message} attachment={m.attachment} tick={own ? (readBy(m) ? 'read' : 'sent') : undefined} />
            </Fragment>
          );
        })}
        {shown.pending.map((p) => (
          <Bubble key={p.id} own text={p.text} tick={p.failed ? 'failed' : 'sending'} onRetry={p.failed ? () => void deliver(p) : undefined} />
        ))}
      </Box>
      <Box sx={{ minHeight: 20, px: 2 }} aria-live="polite">
        {typist && (
          <Typography variant="caption" color="textSecondary" sx={{ fontStyle: 'italic' }}>
            {t('typing', { name: typist.name })}
          </Typography>
        )}
      </Box>
      <ChatComposer text={text} disabled={disabled} canAttach={canAttach} onChange={onChange} onSubmit={submit} onAttach={attach} />
    </Box>
  );
}

function Bubble({
  own,
  author,
  time,
  text,
  attachment,
  tick,
  onRetry,
}: {
  own: boolean;
  author?: string;
  time?: string;
  text: string;
  attachment?: ChatAttachment | null;
  tick?: 'sending' | 'sent' | 'read' | 'failed';
  onRetry?: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Box
      data-testid={own ? 'bubble-mine' : 'bubble-theirs'}
      sx={{
        // Logical alignment: the reading end for mine, the start for theirs (mirrored in Arabic).
        alignSelf: own ? 'flex-end' : 'flex-start',
        maxWidth: '80%',
        px: 1.5,
        py: 0.75,
        borderRadius: 2,
        bgcolor: own ? 'primary.main' : 'action.hover',
        color: own ? 'primary.contrastText' : 'text.primary',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {author && (
        <Typography variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
          {author}
        </Typography>
      )}
      {attachment && (
        <Button
          size="small"
          color="inherit"
          startIcon={<DescriptionIcon />}
          onClick={() => void downloadAttachment(attachment.id, attachment.fileName).catch((e: Error) => notify(e.message, 'error'))}
          sx={{ textTransform: 'none', p: 0.25, mb: 0.5, textDecoration: 'underline' }}
        >
          {t('attachmentLabel', { name: attachment.fileName, size: Math.max(1, Math.round(attachment.size / 1024)) })}
        </Button>
      )}
      {(!attachment || text !== attachment.fileName) && (
        <Typography variant="body2" component="div">
          <MessageText text={text} />
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25 }}>
        {time && <Typography variant="caption">{time}</Typography>}
        {tick === 'read' && <DoneAllIcon sx={{ fontSize: 14 }} titleAccess={t('read')} data-testid="tick-read" />}
        {tick === 'sent' && <DoneIcon sx={{ fontSize: 14 }} titleAccess={t('sent')} />}
        {tick === 'sending' && <Typography variant="caption">{t('sending')}</Typography>}
        {tick === 'failed' && (
          <Button size="small" color="inherit" startIcon={<ErrorIcon />} onClick={onRetry} sx={{ p: 0, minWidth: 0, fontSize: '0.7rem' }}>
            {t('failed')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
