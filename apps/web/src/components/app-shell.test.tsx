import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppShell } from './app-shell.tsx';
import { Splash } from './splash.tsx';
import { BOOT_SCRIPT } from '@wellbe/shared/boot';
import { writeToken } from '../lib/token.ts';
import { LANGUAGE_KEY } from '../i18n/i18n.ts';

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

// index.html's first script: before the frame paints, <html> takes the stored language and its
// direction, and a guest (no token stored) is marked so that the splash shows instead of the frame.
describe("index.html's first script", () => {
  const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
  const script = /<body>\s*(?:<!--[\s\S]*?-->\s*)?<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const run = () => new Function(script!)();
  afterEach(() => {
    writeToken(null);
    localStorage.removeItem(LANGUAGE_KEY);
    document.documentElement.className = '';
    document.documentElement.lang = 'fr';
    document.documentElement.dir = 'ltr';
  });

  it('is the shared boot script, first in <body>', () => {
    expect(script).toBe(BOOT_SCRIPT);
  });

  it('draws an Arabic user right to left, a signed-in one with the frame', () => {
    localStorage.setItem(LANGUAGE_KEY, 'ar');
    writeToken('stored');
    run();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).not.toHaveClass('wb-guest');
  });

  it('marks a guest, and leaves the page French without a stored (or with an unknown) language', () => {
    localStorage.setItem(LANGUAGE_KEY, 'xx');
    run();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(document.documentElement).toHaveClass('wb-guest');
  });
});
