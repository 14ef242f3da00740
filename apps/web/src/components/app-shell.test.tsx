import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppShell } from './app-shell.tsx';
import { Splash } from './splash.tsx';
import { writeToken } from '../lib/token.ts';

// index.html carries the signed-in screen's frame in a <template>: the server puts it in #root for
// a route with the chrome (apps/server/src/plugins/web.ts), the browser paints it before any
// script (issue 31). React draws <AppShell /> in its place while it loads: the same markup.
describe('the signed-in frame written in index.html', () => {
  afterEach(() => {
    writeToken(null);
    window.history.replaceState(null, '', '/');
  });

  it('is the markup of <AppShell />', () => {
    const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
    const template = /<template id="wb-app-shell">([\s\S]*?)<\/template>/.exec(html)?.[1].trim();
    expect(template).toBe(renderToStaticMarkup(<AppShell />));
  });

  it('is what a signed-in user sees while a screen with the chrome loads, the splash elsewhere', () => {
    writeToken('stored');
    window.history.replaceState(null, '', '/patients/list');
    const { unmount } = render(<Splash />);
    expect(screen.getByRole('progressbar', { name: 'WellBe' })).toHaveClass('wb-shell');
    unmount();
    window.history.replaceState(null, '', '/login');
    render(<Splash />);
    expect(screen.getByRole('progressbar', { name: 'WellBe' })).toHaveClass('wb-splash');
  });

  it('is not drawn for a guest', () => {
    window.history.replaceState(null, '', '/dashboard');
    render(<Splash />);
    expect(screen.getByRole('progressbar', { name: 'WellBe' })).toHaveClass('wb-splash');
  });
});
