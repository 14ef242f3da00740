import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleOnFirstGesture, STILL_CLASS, STILL_MS } from './still.ts';

const root = document.documentElement;

afterEach(() => {
  root.classList.remove(STILL_CLASS);
  vi.useRealTimers();
});

describe('transitions held until the first gesture (index.html wb-still)', () => {
  it.each(['pointerdown', 'keydown', 'touchstart', 'wheel'])('lets them run from the first %s on', (type) => {
    root.classList.add(STILL_CLASS);
    settleOnFirstGesture();
    expect(root.classList.contains(STILL_CLASS)).toBe(true);
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(root.classList.contains(STILL_CLASS)).toBe(false);
  });

  it('lets them run after a few seconds without any gesture, not before', () => {
    vi.useFakeTimers();
    root.classList.add(STILL_CLASS);
    settleOnFirstGesture();
    vi.advanceTimersByTime(STILL_MS - 1);
    expect(root.classList.contains(STILL_CLASS)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(root.classList.contains(STILL_CLASS)).toBe(false);
  });

  it('stops listening once settled: a class put back later is left alone', () => {
    root.classList.add(STILL_CLASS);
    settleOnFirstGesture();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    root.classList.add(STILL_CLASS);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(root.classList.contains(STILL_CLASS)).toBe(true);
  });
});
