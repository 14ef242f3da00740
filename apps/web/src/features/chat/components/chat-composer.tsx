import { Box, IconButton, TextField, Tooltip } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS } from '@wellbe/shared/domain/chat';
import { UPLOAD_ACCEPT } from '@wellbe/shared/constants';
import { FLIP_IN_RTL } from '../../../components/flip-in-rtl.ts';

/** The message field (Enter sends, Shift+Enter a new line), its send button and, where allowed, 'attach'. */
export function ChatComposer({
  text,
  disabled,
  canAttach,
  onChange,
  onSubmit,
  onAttach,
}: {
  text: string;
  disabled?: boolean;
  canAttach: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onAttach: (files: FileList | null) => void;
}) {
  const { t } = useTranslation('chat');
  const fileInput = useRef<HTMLInputElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onSubmit();
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1.5, borderTop: '1px solid', borderColor: 'divider' }}>
      {canAttach && (
        <>
          <input
            ref={fileInput}
            type="file"
            hidden
            multiple
            accept={UPLOAD_ACCEPT}
            data-testid="chat-attach-input"
            onChange={(e) => {
              onAttach(e.target.files);
              e.target.value = '';
            }}
          />
          <Tooltip title={t('attach')}>
            <IconButton aria-label={t('attach')} onClick={() => fileInput.current?.click()}>
              <AttachFileIcon />
            </IconButton>
          </Tooltip>
        </>
      )}
      <TextField
        fullWidth
        multiline
        maxRows={5}
        size="small"
        value={text}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('placeholder')}
        slotProps={{ htmlInput: { 'aria-label': t('placeholder'), maxLength: CHAT_LIMITS.messageMax } }}
      />
      <Tooltip title={t('send')}>
        <span>
          <IconButton color="primary" aria-label={t('send')} onClick={onSubmit} disabled={disabled || !text.trim()}>
            <SendIcon sx={FLIP_IN_RTL} />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
