import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../test/render.tsx';
import { VideoButton, type VideoAppointment } from './video-button.tsx';

// « Démarrer la téléconsultation » from 15 minutes before a téléconsultation until 2 hours after its
// end, appearing by itself when the time comes: one clock for every button on screen.
const at = (iso: string) => new Date(iso).toISOString();
const visit = (id: string, over: Partial<VideoAppointment> = {}): VideoAppointment => ({
  id,
  startsAt: at('2026-11-30T10:00:00Z'),
  endsAt: at('2026-11-30T10:30:00Z'),
  teleconsultation: true,
  status: 'confirmé',
  ...over,
});

describe('VideoButton', () => {
  afterEach(() => vi.useRealTimers());

  it('appears 15 minutes before the visit, by itself, with one timer for every button on screen', () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T09:44:10Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    renderAs(
      'PR',
      <>
        <VideoButton appointment={visit('a1')} kind="start" />
        <VideoButton appointment={visit('a2')} kind="start" />
        <VideoButton appointment={visit('a3', { teleconsultation: false })} kind="start" />
        <VideoButton appointment={visit('a4', { status: 'annulé' })} kind="start" />
      </>,
    );
    expect(screen.queryAllByRole('link', { name: 'Démarrer la téléconsultation' })).toHaveLength(0);
    expect(setInterval).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    const links = screen.getAllByRole('link', { name: 'Démarrer la téléconsultation' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/teleconsultation/a1', '/teleconsultation/a2']);
  });
});
