import { Drawer } from '@mui/material';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstOpen } from './use-first-open.ts';

// A drawer drawn from its first opening on (the chat panel, issue 31): nothing while it has never
// been opened, then mounted closed and opened on the next render, so that MUI slides it in.
describe('useFirstOpen', () => {
  const seen: boolean[] = [];
  function Panel({ open }: { open: boolean }) {
    const drawer = useFirstOpen(open);
    if (!drawer.mounted) return null;
    seen.push(drawer.open);
    return (
      <Drawer anchor="right" open={drawer.open} ModalProps={{ keepMounted: true }} slotProps={{ paper: { role: 'dialog', 'aria-label': 'Discussions' } }}>
        <p>Contenu</p>
      </Drawer>
    );
  }

  it('draws nothing before the first opening, mounts closed then opens, and keeps the drawer once closed', async () => {
    const { rerender } = render(<Panel open={false} />);
    rerender(<Panel open={false} />);
    expect(document.querySelector('.MuiDrawer-root')).toBeNull();
    expect(seen).toEqual([]);

    rerender(<Panel open />);
    expect(await screen.findByRole('dialog', { name: 'Discussions' })).toBeVisible();
    // Mounted closed first: MUI's Drawer skips its slide when it is mounted open.
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);

    rerender(<Panel open={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discussions' })).toBeNull());
    expect(document.querySelector('.MuiDrawer-root')).not.toBeNull();
  });
});
