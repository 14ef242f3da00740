import { hasChrome } from '@wellbe/shared/routes';
import { readToken } from '../lib/token.ts';
import { storedGreetingName } from '../lib/greeting-name.ts';
import { Logo } from './logo.tsx';
import './app-shell.css';
import './notice.css';

type Span = { lang: string; text: string };
type ShellTitle = { path: string; wrapper: { className: string; maxWidth: string } | null; spans: Span[] };
type GreetingSpan = { lang: string; before: string; after: string };
type ShellNotice = { path: string; roles: string; icon: string; texts: Span[]; actions: Span[]; greeting: GreetingSpan[] };

const spansOf = (parent: Element | null): Span[] => [...(parent?.children ?? [])].map((span) => ({ lang: span.getAttribute('lang') ?? '', text: span.textContent ?? '' }));

/** The greeting's texts around its name's place (plugins/web.ts greetingHeading), whatever name the code loader wrote there. */
const greetingOf = (h1: Element | null): GreetingSpan[] =>
  [...(h1?.children ?? [])].map((span) => {
    const nodes = [...span.childNodes];
    const at = nodes.findIndex((node) => node instanceof Element && node.classList.contains('wb-shell-name'));
    const text = (part: ChildNode[]) => part.map((node) => node.textContent).join('');
    return { lang: span.getAttribute('lang') ?? '', before: text(nodes.slice(0, at)), after: text(nodes.slice(at + 1)) };
  });

/**
 * The page's title the server wrote into the frame of the page first opened (app/first-titles.ts),
 * read before React's first render replaces #root's content: <AppShell /> draws it again while that
 * page loads, so that the title painted from the HTML does not blink out.
 */
function readServerTitle(): ShellTitle | null {
  if (typeof document === 'undefined') return null;
  const h1 = document.querySelector<HTMLElement>('#root .wb-shell-h1');
  if (!h1) return null;
  // Its column or padding (plugins/web.ts withFirstTitle), if the page has one.
  const parent = h1.parentElement;
  const wrapper = parent && /\bwb-shell-(column|inset)\b/.test(parent.className) ? { className: parent.className, maxWidth: parent.style.maxWidth } : null;
  return { path: window.location.pathname, wrapper, spans: spansOf(h1) };
}
const SERVER_TITLE = readServerTitle();

/** The notice the server wrote into the frame (app/first-titles.ts FIRST_NOTICES), read the same way. */
function readServerNotice(): ShellNotice | null {
  if (typeof document === 'undefined') return null;
  const notice = document.querySelector<HTMLElement>('#root .wb-shell-for');
  if (!notice) return null;
  const icon = notice.querySelector('path')?.getAttribute('d') ?? '';
  return { path: window.location.pathname, roles: notice.dataset.wbRoles ?? '', icon, texts: spansOf(notice.querySelector('.wb-notice-message')), actions: spansOf(notice.querySelector('.wb-notice-open')), greeting: greetingOf(document.querySelector('#root .wb-shell-greeting-h1')) };
}
const SERVER_NOTICE = readServerNotice();

const Spans = ({ spans }: { spans: Span[] }) =>
  spans.map((span) => (
    <span key={span.lang} lang={span.lang}>
      {span.text}
    </span>
  ));

/** The dashboard's greeting block and its first notice, as the server wrote them (plugins/web.ts withFirstNotice). */
function ShellNoticeBlock({ notice }: { notice: ShellNotice }) {
  const name = storedGreetingName();
  return (
    <>
      <div className="wb-shell-greeting">
        <div className="wb-shell-greeting-text">
          {notice.greeting.length > 0 && (
            <h1 className="wb-shell-greeting-h1 wb-shell-texts">
              {notice.greeting.map((span) => (
                <span key={span.lang} lang={span.lang}>
                  {span.before}
                  <span className="wb-shell-name">{name}</span>
                  {span.after}
                </span>
              ))}
            </h1>
          )}
        </div>
      </div>
      <div className="wb-notice wb-shell-for" data-wb-roles={notice.roles}>
        <div className="wb-notice-icon">
          <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
            <path d={notice.icon} />
          </svg>
        </div>
        <div className="wb-notice-message wb-shell-texts">
          <Spans spans={notice.texts} />
        </div>
        <div className="wb-notice-action">
          <span className="wb-notice-open wb-shell-texts">
            <Spans spans={notice.actions} />
          </span>
        </div>
      </div>
    </>
  );
}

const onServerPath = <T extends { path: string }>(written: T | null) => (written && typeof window !== 'undefined' && window.location.pathname === written.path ? written : null);

function ShellTitleBlock() {
  const title = onServerPath(SERVER_TITLE);
  const notice = onServerPath(SERVER_NOTICE);
  if (notice) return <ShellNoticeBlock notice={notice} />;
  if (!title) return <div className="wb-shell-block wb-shell-title" />;
  const h1 = (
    <h1 className="wb-shell-h1">
      <Spans spans={title.spans} />
    </h1>
  );
  return title.wrapper ? (
    <div className={title.wrapper.className} style={title.wrapper.maxWidth ? { maxWidth: title.wrapper.maxWidth } : undefined}>
      {h1}
    </div>
  ) : (
    h1
  );
}

/**
 * The frame of a signed-in screen (toolbar, side navigation, the page's first blocks) in plain
 * elements and static CSS, drawn while the chrome's code loads (issue 31). The server writes the
 * same markup into the HTML of a signed-in route, so the browser paints it before any script
 * (apps/server/src/plugins/web.ts; app-shell.test.tsx checks both stay the same); React draws it
 * in place of the splash until the layout is there. No text of its own (i18n may not be loaded yet):
 * the page's title only where the server wrote it.
 */
export function AppShell() {
  return (
    <div role="progressbar" aria-busy="true" aria-label="WellBe" className="wb-shell">
      <div className="wb-shell-nav" aria-hidden="true">
        <Logo size="small" />
        {[1, 2, 3, 4, 5, 6].map((line) => (
          <div key={line} className="wb-shell-line" />
        ))}
      </div>
      <div className="wb-shell-body" aria-hidden="true">
        {/* The toolbar's menu button where the chrome draws it: an SVG is content for the first paint (FCP). */}
        <div className="wb-shell-bar">
          <svg className="wb-shell-menu" viewBox="0 0 24 24">
            <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
          </svg>
        </div>
        <div className="wb-shell-main">
          <ShellTitleBlock />
          <div className="wb-shell-grid">
            <div className="wb-shell-block wb-shell-card" />
            <div className="wb-shell-block wb-shell-card" />
            <div className="wb-shell-block wb-shell-card" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Whether the screen being loaded is a signed-in one (a token is stored and the route has the chrome). */
export function wantsAppShell(): boolean {
  return typeof window !== 'undefined' && readToken() !== null && hasChrome(window.location.pathname);
}
