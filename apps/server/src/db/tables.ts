// Drizzle needs every table in one object to type the client and to generate migrations; this is
// the one place that gathers them (areas add their schema/<area>.ts here).
export * from './schema/organisations.ts';
export * from './schema/specialists.ts';
export * from './schema/users.ts';
export * from './schema/patients.ts';
export * from './schema/consultations.ts';
export * from './schema/documents.ts';
export * from './schema/notices.ts';
export * from './schema/notes.ts';
export * from './schema/contacts.ts';
export * from './schema/audit.ts';
export * from './schema/auth.ts';
export * from './schema/security.ts';
export * from './schema/realtime.ts';
export * from './schema/dietetics.ts';
export * from './schema/records.ts';
export * from './schema/agenda.ts';
export * from './schema/chat.ts';
export * from './schema/sport.ts';
export * from './schema/statistics.ts';
export * from './schema/policies.ts';
export * from './schema/articles.ts';
export * from './schema/diary.ts';
