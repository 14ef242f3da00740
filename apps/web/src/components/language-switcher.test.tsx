import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, i18nReady } from '../i18n/i18n.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await changeLanguage('fr');
  localStorage.clear();
});

// The switcher is drawn without MUI (the first load of /login has none, issue 13): it must still
// behave as a menu for the keyboard and for assistive technology.
describe('language switcher', () => {
  it('opens a menu on the current language, moves with the arrows and closes with Escape back on its button', async () => {
    render(<LanguageSwitcher />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Choisir la langue' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Français', 'English', 'Türkçe', 'العربية']);
    expect(screen.getByRole('menuitem', { name: 'Français' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'العربية' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('switches the language (Arabic: right to left) with a click or Enter', async () => {
    render(<LanguageSwitcher />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choisir la langue' }));
    await user.click(screen.getByRole('menuitem', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'اختر اللغة' }));
    await user.keyboard('{End}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});
