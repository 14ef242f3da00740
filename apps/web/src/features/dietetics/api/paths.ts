// The API path of the patient's menu of the day, shared by its query (my-menu.ts) and the early
// request of its page's first load (app/pages.ts `early`): the same string, or the answer sent early
// would not be taken.
export const MY_MENU_PATH = '/dietetics/my-menu';
