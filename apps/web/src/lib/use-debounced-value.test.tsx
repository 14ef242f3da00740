import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

function Probe({ value }: { value: string }) {
  return <output>{useDebouncedValue(value, 300)}</output>;
}

afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  it('gives the first value at once, then a new value only after a 300 ms pause', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Probe value="m" />);
    expect(screen.getByRole('status')).toHaveTextContent('m');
    rerender(<Probe value="ma" />);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender(<Probe value="mar" />);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // 400 ms of typing, but never 300 ms without a key: still the first value.
    expect(screen.getByRole('status')).toHaveTextContent(/^m$/);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('status')).toHaveTextContent('mar');
  });
});
