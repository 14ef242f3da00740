// The API path of the patient's menu of the day, shared by its query (my-menu.ts) and the first
// requests of its page (packages/shared first-requests.ts: sent by index.html's code loader, and
// from the entry by app/pages.ts `early`): the same string, or the answer sent early would not be taken.
export { MY_MENU_PATH } from '@wellbe/shared/first-requests';
