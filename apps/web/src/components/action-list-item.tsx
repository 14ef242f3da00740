import type { ReactNode } from 'react';
import { Box, ListItem, type ListItemProps } from '@mui/material';

/**
 * A list row with its actions beside its text, going under the text when the row is narrow.
 * MUI's `secondaryAction` places the actions absolutely over a 48 px padding: a text button
 * ('Déconnecter cette session', '+ Ajouter') covered the dates and long names under it.
 */
export function ActionListItem({ action, children, sx, ...props }: Omit<ListItemProps, 'secondaryAction'> & { action?: ReactNode }) {
  return (
    <ListItem {...props} sx={[{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box sx={{ flex: '1 1 10rem', minWidth: 0, display: 'flex' }}>{children}</Box>
      {action && <Box sx={{ flex: '0 0 auto', marginInlineStart: 'auto', whiteSpace: 'nowrap' }}>{action}</Box>}
    </ListItem>
  );
}
