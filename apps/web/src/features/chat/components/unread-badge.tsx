import { Badge, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The red count at the end of a row of the chat panel (a contact, a group), read out as "N non lus". */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('chat');
  if (count <= 0) return null;
  return (
    <Badge color="error" badgeContent={count} max={99} sx={{ mx: 1.5 }} slotProps={{ badge: { 'aria-label': t('unread', { count }) } as object }}>
      <Typography component="span" sx={{ width: 0, overflow: 'hidden' }} />
    </Badge>
  );
}
