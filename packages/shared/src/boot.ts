import { LANGUAGES, RTL_LANGUAGES } from './constants.ts';
import { PENDING_POLICIES_PATH } from './first-requests.ts';

// Where the web app keeps the session and the language in the browser (localStorage).
export const TOKEN_STORAGE_KEY = 'jwt_access_token';
/** The language the user chose (the language menu); it wins over their organisation's default. */
export const LANGUAGE_STORAGE_KEY = 'wellbe.language';
/**
 * The organisation's default language last applied to a user who chose none (web
 * lib/organisation-settings.ts), kept apart so that it is not taken for a choice: a later change
 * of the default then applies too, and the next visit's frame is painted in it before any script.
 */
export const DEFAULT_LANGUAGE_STORAGE_KEY = 'wellbe.language.default';
/**
 * The name the dashboard greets the signed-in user with (« Bonjour {name} »), kept beside the token
 * while a session lasts (web lib/session.ts) so that the frame of /dashboard paints it from the HTML.
 */
export const GREETING_NAME_STORAGE_KEY = 'wellbe.greetingName';

/**
 * The one inline script of index.html, first in <body>: before the signed-in frame the server
 * writes in #root is painted (apps/server/src/plugins/web.ts), <html> takes the user's language
 * (chosen, else their organisation's default last applied) and direction (an Arabic frame is drawn right to left), and a guest (no token stored) is marked
 * `wb-guest` so that the splash shows instead of the frame until the app sends them to /login
 * (components/app-shell.css); a signed-in user's role, read from the stored token (not checked:
 * the server does that), is put on <html> (`data-wb-role`), for the frame's parts drawn for some
 * roles only (the patient's first notice on /dashboard, web app/first-titles.ts FIRST_NOTICES).
 * The server's CSP allows this exact text by its hash; index.html holds it as written here
 * (app-shell.test.tsx).
 */
export const BOOT_SCRIPT =
  `(function(){var h=document.documentElement,l=null,t=null;` +
  `try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})||localStorage.getItem(${JSON.stringify(DEFAULT_LANGUAGE_STORAGE_KEY)});t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})}catch(e){}` +
  `if(${JSON.stringify(LANGUAGES)}.indexOf(l)>=0){h.lang=l;h.dir=${JSON.stringify(RTL_LANGUAGES)}.indexOf(l)>=0?"rtl":"ltr"}` +
  `if(t===null)h.classList.add("wb-guest");` +
  `else try{var c=JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")));if(typeof c.role==="string")h.setAttribute("data-wb-role",c.role)}catch(e){}})()`;

/** How many of the inert elements CODE_LOADER_SCRIPT makes real in one task. */
export const LOADER_BATCH = 4;

/**
 * The last inline script of index.html: the app's code is fetched once the frame has been painted.
 * The build writes the entry's <script> and every modulepreload link inert (`type="wb-module"`,
 * `rel="wb-modulepreload"`, `rel="wb-preload"`: web vite.config `codeAfterFirstPaint`, the server's
 * route links), and this script makes each the real element at the frame's first paint (a frame's
 * `requestAnimationFrame`, then the task after it), or after 500 ms when no frame comes (a tab in the
 * background). Why (issue 31): a script that is in the HTTP cache, or arrives fast, runs before the
 * browser's first paint and holds it; the frame (toolbar, page title) is HTML and inline CSS alone.
 * First, the GETs the screen's first render waits for (the server's `rel="wb-early"` links, shared
 * first-requests.ts) are sent with the stored token, when it has not expired: the session's (no
 * `data-roles`: the token's check, the policies owed) at once; the page's (`data-roles`, sent only
 * for the token's role) once the policies' answer says the user owes none — from a user who owes an
 * acceptance the server refuses everything else (403 `consent_required`, each refusal journalled),
 * and the app asks for nothing before the consent gate has let it through (issue 20). The web client
 * takes each answer once (`window.wbEarly`, keyed by URL, with the token it was sent with).
 * Before all that, as it runs (the frame is parsed, not yet painted), it writes the stored greeting
 * name into the frame's `.wb-shell-name` places and marks <html> `wb-named` (app-shell.css shows the
 * dashboard's greeting only then): a practitioner's phone paints « Bonjour Julien », their
 * /dashboard's largest text, from the HTML (issue 31).
 * A link marked with a language (`data-lang`: a bundle of texts) is made real only for <html lang>.
 * They are made real in document order, LOADER_BATCH at a time, each batch in a task of its own:
 * each element costs Chromium a request's work on the main thread (2.7 ms in a Lighthouse trace,
 * 11 ms on its simulated phone), and the 42 of /agenda made one task of 117 ms (468 ms simulated,
 * 418 of them counted as blocking; issue 31). Between two batches the browser may paint or answer
 * a tap; the entry script and `core` are in the first. (In a tab in the background, where timers
 * run once a second, the later batches come slowly: they are hints, the modules the entry imports
 * are fetched without them.)
 * The server's CSP allows this exact text by its hash; index.html holds it as written here.
 */
export const CODE_LOADER_SCRIPT =
  `(function(){var d=document,w=window,done=0;` +
  `try{var n=localStorage.getItem(${JSON.stringify(GREETING_NAME_STORAGE_KEY)});if(n&&localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})){` +
  `d.querySelectorAll(".wb-shell-name").forEach(function(e){e.textContent=n});d.documentElement.classList.add("wb-named")}}catch(e){}` +
  `function early(){var t=null,c=null;` +
  `try{t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});c=JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")))}catch(e){return}` +
  `if(!c||!(c.exp*1000>Date.now()))return;w.wbEarly={};var later=[];` +
  `function send(u){var p=fetch(u,{headers:{accept:"application/json",authorization:"Bearer "+t},credentials:"same-origin"});` +
  `p.catch(function(){});w.wbEarly[u]={token:t,answer:p}}` +
  `d.querySelectorAll('link[rel="wb-early"]').forEach(function(e){var r=e.getAttribute("data-roles"),u=e.getAttribute("href");` +
  `if(!r)send(u);else if(r.split(",").indexOf(c.role)>=0)later.push(u)});` +
  `var o=w.wbEarly[${JSON.stringify(`/api${PENDING_POLICIES_PATH}`)}];` +
  `if(o&&later.length)o.answer.then(function(a){return a.ok?a.clone().json():null}).then(function(b){if(b&&b.data&&b.data.length===0)later.forEach(send)}).catch(function(){})}` +
  `function real(e){var l=e.getAttribute("data-lang");` +
  `if(l&&l!==d.documentElement.lang){e.remove();return}var n=d.createElement(e.localName);` +
  `for(var i=0;i<e.attributes.length;i++){var a=e.attributes[i],v=a.value;if(a.name==="type"||a.name==="rel")v=v.slice(3);n.setAttribute(a.name,v)}` +
  `e.replaceWith(n)}` +
  `function load(){if(done)return;done=1;early();` +
  `var q=[].slice.call(d.querySelectorAll('script[type="wb-module"],link[rel="wb-modulepreload"],link[rel="wb-preload"]'));` +
  `(function next(){q.splice(0,${LOADER_BATCH}).forEach(real);if(q.length)setTimeout(next)})()}` +
  `requestAnimationFrame(function(){setTimeout(load)});setTimeout(load,500)})()`;
