import type { Role } from '@wellbe/shared/roles';
import type { SignedInUser } from '../lib/session.ts';

/** A signed-in user of SPEC §3 as the server sends it, for component tests. */
export function fakeUser(role: Role, overrides: Partial<SignedInUser['data']> = {}): SignedInUser {
  const id = '00000000-0000-4000-8000-000000000001';
  return {
    uid: id,
    id,
    from: 'jwt',
    role,
    idOrganization: '00000000-0000-4000-8000-0000000000aa',
    job: 'Médecin généraliste',
    data: {
      displayName: 'Julien Moreau',
      photoURL: '',
      email: 'pr@demo.wellbe.fr',
      firstName: 'Julien',
      lastName: 'Moreau',
      username: 'pr',
      organization: 'Cabinet Démo',
      settings: {},
      shortcuts: [],
      idJobSpecialist: 1,
      jobSpecialist: 'Médecin généraliste',
      dietetic: false,
      uuid: id,
      token: 'header.payload.signature',
      roleLabel: role,
      emailConfirmed: true,
      idPatient: null,
      ...overrides,
    },
  };
}
