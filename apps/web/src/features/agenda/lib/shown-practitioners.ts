import { useCallback, useMemo, useState } from 'react';
import type { AgendaPractitioner } from '@wellbe/shared/schemas/agenda';

const PALETTE = ['#1565c0', '#2e7d32', '#6a1b9a', '#c62828', '#ef6c00', '#00838f', '#4e342e', '#ad1457'];

/** Whose agenda the address's `handle` names: a username, or 'moi'. */
export function currentPractitioner(list: AgendaPractitioner[], handle: string, userId: string | undefined): AgendaPractitioner | undefined {
  // 'moi' of someone without an agenda (a manager): the first practitioner, named in the picker.
  if (handle === 'moi') return list.find((p) => p.id === userId) ?? list[0];
  return list.find((p) => p.username.toLowerCase() === handle.toLowerCase());
}

/**
 * Whose agenda the address names (`handle`: a username, or 'moi') and whose the management roles
 * add beside it, each with its colour of the palette.
 */
export function useShownPractitioners(list: AgendaPractitioner[], handle: string, userId: string | undefined) {
  const current = currentPractitioner(list, handle, userId);
  const [extra, setExtra] = useState<string[]>([]);
  const shownIds = useMemo(() => {
    const ids = new Set<string>();
    if (current) ids.add(current.id);
    for (const id of extra) ids.add(id);
    return [...ids];
  }, [current, extra]);
  // One identity per list: the toolbar (memo) and the calendar redraw only when the colours change.
  const colourOf = useCallback((id: string): string => PALETTE[Math.max(0, list.findIndex((p) => p.id === id)) % PALETTE.length]!, [list]);
  return { current, extra, setExtra, shownIds, colourOf };
}
