import type { Profile } from '@wellbe/shared/schemas/profile';

/** The demo practitioner administrator's profile, as /api/profil answers it (the profile screens' tests). */
export const PROFILE: Profile = {
  idUser: '11111111-1111-4111-8111-111111111111',
  idProfil: '11111111-1111-4111-8111-111111111111',
  idOrganization: '22222222-2222-4222-8222-222222222222',
  idJobSpecialist: 1,
  active: 'Y',
  organization: 'Cabinet Démo',
  username: 'pa',
  lastName: 'Lefèvre',
  firstName: 'Antoine',
  email: 'pa@demo.wellbe.fr',
  job: 'Médecin généraliste',
  role: 'PA',
  roleLabel: 'Praticien administrateur',
  phoneNumber: '06 11 22 33 02',
  professionalNumber: '',
  contactPhone: '',
  contactEmail: '',
  rpps: '',
  adeli: '',
  photoURL: '',
  avatar: '',
  oldPassword: '',
  password: '',
  passwordConfirm: '',
};
