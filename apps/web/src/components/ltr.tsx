import type { ReactNode } from 'react';

/**
 * A phone number, email, address, number or date inside text that may run right to left (Arabic):
 * isolated and kept left to right, so "06 45 12 78 90" never reads "90 78 12 45 06".
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
