import { Box } from '@mui/material';
import type { ChatStatus } from '@wellbe/shared/schemas/chat';

export const STATUS_COLOURS: Record<ChatStatus, string> = { online: '#2e7d32', away: '#ed6c02', dnd: '#d32f2f', offline: '#9e9e9e' };

/** The contact's status dot (online, away, do-not-disturb, offline), with its label for screen readers. */
export function StatusDot({ status, label }: { status: ChatStatus; label: string }) {
  return (
    <Box
      component="span"
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: STATUS_COLOURS[status], border: '2px solid', borderColor: 'background.paper', flexShrink: 0 }}
    />
  );
}
