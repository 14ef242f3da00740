// Every TanStack Query key of the web app comes from this factory, one entry per API resource, so
// that a mutation invalidates exactly the keys the queries use (a key typed by hand in two places
// drifts: the admin's 'Paramètres' save once invalidated a key no query used). Keys are nested
// arrays: invalidating `x.all` refreshes every query under it (TanStack matches key prefixes).
//
// A new resource adds its entry here; its api/ files use it for queries and invalidations alike.

type Params = Record<string, unknown>;

export const queryKeys = {
  /** GET /api/meta (demo mode badge). */
  meta: ['meta'] as const,

  /** /api/patients (table, export), the panel's 'Choix du patient' search, a patient's file. */
  patients: {
    all: ['patients'] as const,
    /** Every page of the /patients/list table. */
    tables: ['patients', 'table'] as const,
    table: (params: Params) => ['patients', 'table', params] as const,
    search: (q: string) => ['patients', 'search', q] as const,
    file: (idPatient: string) => ['patients', 'file', idPatient] as const,
    measures: (idPatient: string) => ['patients', 'file', idPatient, 'measures'] as const,
    documents: (idPatient: string) => ['patients', 'file', idPatient, 'documents'] as const,
    consultation: (idPatient: string, idConsultation: string) => ['patients', 'file', idPatient, 'consultation', idConsultation] as const,
  },

  /** /api/dietetics: foods, recipes, a patient's menus, profile and file tab, programs, preferences. */
  dietetics: {
    all: ['dietetics'] as const,
    foods: (params: Params) => ['dietetics', 'foods', params] as const,
    recipes: (q: string) => ['dietetics', 'recipes', q] as const,
    recipe: (id: string) => ['dietetics', 'recipe', id] as const,
    menus: (idPatient: string, from: string, to: string) => ['dietetics', 'menus', idPatient, from, to] as const,
    patientMenus: (idPatient: string) => ['dietetics', 'menus', idPatient] as const,
    profile: (idPatient: string) => ['dietetics', 'profile', idPatient] as const,
    overview: (idPatient: string) => ['dietetics', 'overview', idPatient] as const,
    programs: ['dietetics', 'programs'] as const,
    program: (id: string) => ['dietetics', 'programs', id] as const,
    preferences: ['dietetics', 'preferences'] as const,
    myMenu: ['dietetics', 'my-menu'] as const,
    letterhead: ['dietetics', 'letterhead'] as const,
  },

  /** /api/notices (the pending notices summary). */
  notices: {
    all: ['notices'] as const,
    summary: ['notices', 'summary'] as const,
  },

  /** /api/users (the /user page). */
  users: {
    all: ['users'] as const,
    table: (params: Params) => ['users', 'table', params] as const,
  },

  /** /api/organisations (the /organizations page and the organisation pickers). */
  organisations: {
    all: ['organisations'] as const,
    table: (params: Params) => ['organisations', 'table', params] as const,
    options: ['organisations', 'options'] as const,
    /** The signed-in user's practice as a support contact. */
    currentContact: ['organisations', 'current', 'contact'] as const,
  },

  /** /api/notes (the /notes page) and the quick panel (GET /api/quick-panel/data). */
  notes: {
    all: ['notes'] as const,
    list: (params: Params) => ['notes', 'list', params] as const,
    one: (id: string) => ['notes', 'one', id] as const,
    labels: ['notes', 'labels'] as const,
    quickPanel: ['notes', 'quick-panel'] as const,
  },

  /** /api/agenda (the /agenda calendar, its settings) and /api/appointments (the /appointment page). */
  agenda: {
    all: ['agenda'] as const,
    practitioners: ['agenda', 'practitioners'] as const,
    handle: (handle: string) => ['agenda', 'handle', handle] as const,
    range: (params: Params) => ['agenda', 'range', params] as const,
    appointment: (id: string) => ['agenda', 'appointment', id] as const,
    types: ['agenda', 'types'] as const,
    settings: (practitionerId: string) => ['agenda', 'settings', practitionerId] as const,
    overview: (day: string) => ['agenda', 'overview', day] as const,
    mine: ['agenda', 'mine'] as const,
    options: ['agenda', 'options'] as const,
    slots: (params: Params) => ['agenda', 'slots', params] as const,
    waitlist: ['agenda', 'waitlist'] as const,
    patients: (q: string) => ['agenda', 'patients', q] as const,
    rules: ['agenda', 'rules'] as const,
  },

  /** /api/invoices: the Facturation area, the patient's invoices, the dashboard's day figures. */
  invoices: {
    all: ['invoices'] as const,
    list: (params: Params) => ['invoices', 'list', params] as const,
    one: (id: string) => ['invoices', 'one', id] as const,
    mine: ['invoices', 'mine'] as const,
    acts: ['invoices', 'acts'] as const,
    today: ['invoices', 'today'] as const,
    book: (params: Params) => ['invoices', 'book', params] as const,
  },

  /** /api/contacts (the /contact address book) and the practice's public card. */
  contacts: {
    all: ['contacts'] as const,
    list: (params: Params) => ['contacts', 'list', params] as const,
    me: ['contacts', 'me'] as const,
    one: (id: string) => ['contacts', 'one', id] as const,
    practice: ['contacts', 'practice'] as const,
  },

  /** The patient's rights: who opened a file (its log, by filters) and /admin 'Signalements'. */
  records: {
    all: ['records'] as const,
    accessLog: (idPatient: string, params: Params) => ['records', 'access-log', idPatient, params] as const,
    flags: (params: Params) => ['records', 'flags', params] as const,
  },

  /** /api/chat: the panel's contacts, the chat user, a conversation, /messaging, unread, support. */
  chat: {
    all: ['chat'] as const,
    contacts: ['chat', 'contacts'] as const,
    user: ['chat', 'user'] as const,
    unread: ['chat', 'unread'] as const,
    conversations: ['chat', 'conversations'] as const,
    chat: (params: Params) => ['chat', 'chat', params] as const,
    chats: ['chat', 'chat'] as const,
    support: ['chat', 'support'] as const,
    supportDesk: ['chat', 'support-desk'] as const,
    supportChat: (id: string) => ['chat', 'support-desk', id] as const,
  },

  /** /admin 'Tâches en échec' (failed background jobs, DE). */
  failedJobs: ['admin', 'failed-jobs'] as const,

  /**
   * Organisation settings ('Paramètres'): the admin's form for any organisation and the signed-in
   * user's own organisation (language, navbar style, upload limit, time zone). One root, so a save
   * refreshes both.
   */
  settings: {
    all: ['settings'] as const,
    ofOrganisation: (organizationId: string) => ['settings', 'organisation', organizationId] as const,
    current: (idOrganization: string | null) => ['settings', 'current', idOrganization] as const,
  },

  /** GET /api/admin/journal. */
  journal: {
    all: ['journal'] as const,
    page: (filters: Params, page: number, pageSize: number) => ['journal', filters, page, pageSize] as const,
  },

  /** /api/profile (the /profile page). */
  profile: {
    all: ['profile'] as const,
    of: (idUser: string) => ['profile', idUser] as const,
  },

  /** Issue 20: policies in force, what I owe and accepted, DE's versions; articles. */
  policies: {
    all: ['policies'] as const,
    current: ['policies', 'current'] as const,
    pending: ['policies', 'pending'] as const,
    mine: ['policies', 'mine'] as const,
    versions: ['policies', 'versions'] as const,
  },
  articles: {
    all: ['articles'] as const,
    list: (params: Params) => ['articles', 'list', params] as const,
    one: (id: string) => ['articles', 'one', id] as const,
    versions: (id: string) => ['articles', 'one', id, 'versions'] as const,
    feed: ['articles', 'feed'] as const,
    read: (slug: string) => ['articles', 'read', slug] as const,
  },
  newspapers: {
    all: ['newspapers'] as const,
    list: ['newspapers', 'list'] as const,
    one: (id: string) => ['newspapers', 'one', id] as const,
    preview: (id: string) => ['newspapers', 'one', id, 'preview'] as const,
    subscription: ['newspapers', 'subscription'] as const,
    articles: ['newspapers', 'articles'] as const,
  },

  /** A registration invitation being checked (/register/:userId). */
  invitation: (userId: string, token: string) => ['invitation', userId, token] as const,

  /** /api/exercises and /api/sport-programs: the library, programs, a patient's tab, the patient's day. */
  sport: {
    all: ['sport'] as const,
    exercises: (params: Params) => ['sport', 'exercises', params] as const,
    exercise: (id: string) => ['sport', 'exercise', id] as const,
    programs: ['sport', 'programs'] as const,
    program: (id: string) => ['sport', 'programs', id] as const,
    patient: (idPatient: string) => ['sport', 'patient', idPatient] as const,
    mine: ['sport', 'mine'] as const,
  },

  /** /api/questionnaires: the templates, the patient's own, a patient's assignments (file tab, consultation panel). */
  questionnaires: {
    all: ['questionnaires'] as const,
    list: (all: boolean) => ['questionnaires', 'list', all] as const,
    mine: ['questionnaires', 'mine'] as const,
    patient: (idPatient: string) => ['questionnaires', 'patient', idPatient] as const,
  },

  /** GET /api/dashboard: the per-role counts of the dashboard's cards. */
  dashboard: ['dashboard'] as const,
  /** GET /api/statistics (the /statistics screen), by organisation and period. */
  statistics: {
    all: ['statistics'] as const,
    of: (params: Params) => ['statistics', params] as const,
  },

  /** Reference tables (job specialities, later catalogs): `/api/<name>`. */
  reference: (name: string) => ({
    all: ['reference', name] as const,
    list: ['reference', name, 'list'] as const,
    /** The active rows as a picker shows them (e.g. SPEC §7 Job_specialist list). */
    active: ['reference', name, 'active'] as const,
  }),
} as const;
