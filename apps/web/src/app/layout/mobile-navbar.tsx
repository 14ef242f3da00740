import type { ReactNode } from 'react';
import { Drawer } from '@mui/material';
import { NAVBAR_WIDTH } from '@wellbe/shared/constants';

/** The side navigation of small screens: a drawer over the page (navbar.tsx loads it when first opened). */
export default function MobileNavbar({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: true }} slotProps={{ paper: { sx: { width: NAVBAR_WIDTH } } }}>
      {children}
    </Drawer>
  );
}
