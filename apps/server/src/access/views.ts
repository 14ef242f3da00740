// The tables every area may join, read-only, for scope and display (docs/scope.md): a repository
// imports its own area's tables from db/schema/<area>.ts, and another area's data through that
// area's service, except these four, which nearly every query needs to apply a scope or show a
// name. Joining `patients` is for `patientFilter` and patient names; writing to any of them stays
// with its own area's repository.
export { patients } from '../db/schema/patients.ts';
export { users } from '../db/schema/users.ts';
export { organisations } from '../db/schema/organisations.ts';
export { jobSpecialists } from '../db/schema/specialists.ts';

// And the journal, for one area: a patient's access log ("who opened my file") and the flags on it
// (records) are the journal's rows about that patient joined with the flags, read in keyset pages;
// reading the page and its flags apart would double the round trips of every page of the log and of
// /admin's 'Signalements'. Read-only: the journal is written only by lib/audit.ts.
export { auditEvents } from '../db/schema/audit.ts';
