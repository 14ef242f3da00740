import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, type PermissionGroup } from './permissions.ts';
import { ROLES, ROLE_LABELS, type Role } from './roles.ts';

// SPEC §6, written out again cell by cell: the table in permissions.ts must say exactly this.
const SPEC_TABLE: Record<string, string> = {
  dashboard: 'SA PA PG PR AD RH PT US RE DE',
  profile: 'SA PA PG PR AD RH PT US RE DE',
  staff: 'SA PA PG PR AD RH PT US RE DE',
  agenda: 'SA AD RH PA PR PG DE',
  agendaTemp: 'SA PA PR PG DE',
  agendaWrite: 'PA PR PG DE',
  agendaDelete: 'PA PR PG DE RH AD',
  agendaManagement: 'PG RH AD DE',
  agendaBooking: 'AD RH PA PR PG DE',
  user: 'SA AD PA PG DE',
  userWrite: 'SA AD RH PA PG DE',
  dps: 'SA PT PA PR PG DE',
  dpsWrite: 'PA PR PG DE',
  organisation: 'SA DE',
  organisationWrite: 'SA DE',
  manager: 'AD PG DE',
  practitionerWrite: 'PA PR PG DE',
  note: 'SA PT PA PR PG RH DE',
  appointment: 'RH AD PT DE',
  preferences: 'SA AD RH PA PR PG DE',
  dietetics: 'SA PA PR PG DE',
  dieteticPreferences: 'PA PR PG DE',
  chats: 'AD PA PG PR PT RH DE',
  chatGroups: 'AD PA PG PR RH DE',
  wellbe: 'SA AD RH PA PR PG DE',
  stat: 'SA AD RH PA PR PG DE',
  developer: 'DE',
  support: 'PA SA',
  journal: 'SA DE PA',
  signInLocks: 'SA DE PA',
  addressBook: 'SA PA PG PR AD RH US RE DE',
  signingCertificate: 'PA PG AD DE',
  // Facturation: the practitioners who bill, the office for the organisation's view; no platform role.
  invoices: 'PA PR PG AD RH',
  invoicesWrite: 'PA PR PG',
  invoiceSettings: 'PA PG',
  invoicesMine: 'PT',
  medicines: 'PA PR PG DE',
  signatureImage: 'PA PR PG',
  invoiceFiles: 'PA PR PG AD RH PT',
  video: 'PT PA PR PG DE',
  videoHost: 'PA PR PG DE',
  questionnaires: 'SA PA PR PG DE',
  questionnairesWrite: 'PA PR PG DE',
  guestOnly: '',
};

describe('SPEC §6 permission table', () => {
  it('has the ten roles with their French labels', () => {
    expect(ROLES).toEqual(['SA', 'PA', 'PG', 'PR', 'AD', 'RH', 'PT', 'US', 'RE', 'DE']);
    expect(ROLE_LABELS).toEqual({
      SA: 'Super Administrateur',
      PA: 'Praticien administrateur',
      PG: 'Praticien Gestionnaire',
      PR: 'Praticien',
      AD: 'Gestionnaire',
      RH: 'Ressources Humaines',
      PT: 'Patient',
      US: 'Utilisateur',
      RE: 'Maintenance',
      DE: 'Developer',
    });
  });

  it('covers exactly the groups of the spec', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(SPEC_TABLE).sort());
  });

  for (const [group, members] of Object.entries(SPEC_TABLE)) {
    const allowed = new Set(members.split(' ').filter(Boolean));
    for (const role of ROLES) {
      it(`${group} ${allowed.has(role) ? 'allows' : 'refuses'} ${role}`, () => {
        expect(can(role as Role, group as PermissionGroup)).toBe(allowed.has(role));
      });
    }
  }

  it('refuses every group to a guest', () => {
    for (const group of Object.keys(PERMISSIONS) as PermissionGroup[]) expect(can(null, group)).toBe(false);
  });
});
