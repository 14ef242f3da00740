import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useStableHandler } from './stable-handler.ts';

// A handler given to FullCalendar keeps its identity (a new one was a new option and a redraw) and
// calls the render's own closure, even from a child's layout effect as it mounts (its datesSet).
describe('useStableHandler', () => {
  const seen: { identity: unknown; called: string }[] = [];
  function Child({ onMount }: { onMount: () => string }) {
    useLayoutEffect(() => {
      seen.push({ identity: onMount, called: onMount() });
    });
    return null;
  }
  function Parent({ label }: { label: string }) {
    const handler = useStableHandler(() => label);
    return <Child key={label} onMount={handler} />;
  }

  it('keeps one identity and calls the latest closure, from a child mounted in the same commit too', () => {
    const { rerender } = render(<Parent label="first" />);
    rerender(<Parent label="second" />);
    expect(seen.map((s) => s.called)).toEqual(['first', 'second']);
    expect(seen[0]!.identity).toBe(seen[1]!.identity);
  });
});
