import { LANGUAGES, RTL_LANGUAGES } from './constants.ts';

// Where the web app keeps the session and the language in the browser (localStorage).
export const TOKEN_STORAGE_KEY = 'jwt_access_token';
export const LANGUAGE_STORAGE_KEY = 'wellbe.language';

/**
 * The one inline script of index.html, first in <body>: before the signed-in frame the server
 * writes in #root is painted (apps/server/src/plugins/web.ts), <html> takes the user's language
 * and direction (an Arabic frame is drawn right to left), and a guest (no token stored) is marked
 * `wb-guest` so that the splash shows instead of the frame until the app sends them to /login
 * (components/app-shell.css). The server's CSP allows this exact text by its hash; index.html
 * holds it as written here (app-shell.test.tsx).
 */
export const BOOT_SCRIPT =
  `(function(){var h=document.documentElement,l=null,t=null;` +
  `try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})}catch(e){}` +
  `if(${JSON.stringify(LANGUAGES)}.indexOf(l)>=0){h.lang=l;h.dir=${JSON.stringify(RTL_LANGUAGES)}.indexOf(l)>=0?"rtl":"ltr"}` +
  `if(t===null)h.classList.add("wb-guest")})()`;
