import { Logo } from './logo.tsx';
import { Spinner } from './spinner.tsx';
import { AppShell, wantsAppShell } from './app-shell.tsx';

/**
 * SPEC §2: shown while the initial authentication check runs. No text: i18n may not be loaded yet.
 * No MUI (issue 13). index.html holds the same markup in its #root, so the browser draws it before
 * any script has loaded (a blank screen for the first seconds on a phone): splash.test.tsx checks
 * both stay the same. A signed-in screen gets the frame of the chrome instead (app-shell.tsx).
 */
export function Splash() {
  if (wantsAppShell()) return <AppShell />;
  return (
    <div role="progressbar" aria-busy="true" aria-label="WellBe" className="wb-splash">
      <div className="wb-splash-inner">
        <Logo size="large" />
        <Spinner size={32} thickness={4} />
      </div>
    </div>
  );
}
