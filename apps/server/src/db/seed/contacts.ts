import { eq, sql } from 'drizzle-orm';
import { phoneKey } from '@wellbe/shared/domain/phone';
import { fold } from '@wellbe/shared/domain/text';
import { luhnValid } from '@wellbe/shared/domain/siret';
import type { ContactProfession } from '@wellbe/shared/schemas/contacts';
import type { Database } from '../client.ts';
import { contactGroupMembers, contactGroups, contacts, contactUserState, organisations } from '../tables.ts';

// Demo address book of Cabinet Démo (Lyon): the correspondents a general practice works with.

/** A valid RPPS for a 10-digit base: the Luhn key appended. */
function rpps(base: string): string {
  for (let key = 0; key < 10; key++) if (luhnValid(base + key)) return base + key;
  return '';
}

interface DemoContact {
  name: string;
  lastName: string;
  company: string;
  jobTitle: string;
  profession: ContactProfession;
  email: string;
  phone: string;
  address: string;
  notes?: string;
  nickname?: string;
  rppsBase?: string;
}

const CONTACTS: DemoContact[] = [
  { name: 'Isabelle', lastName: 'Fournier', company: 'Cabinet de cardiologie Lafayette', jobTitle: 'Cardiologue', profession: 'specialiste', email: 'secretariat@cardio-lafayette.fr', phone: '04 78 60 12 34', address: '112 cours Lafayette, 69003 Lyon', rppsBase: '1001234567', notes: 'Délai de rendez-vous : 3 semaines. Urgences le matin.' },
  { name: 'Marc', lastName: 'Perrin', company: 'Hôpital Édouard-Herriot', jobTitle: 'Rhumatologue', profession: 'specialiste', email: 'm.perrin@chu-lyon.fr', phone: '04 72 11 73 11', address: '5 place d’Arsonval, 69003 Lyon', rppsBase: '1002345678' },
  { name: 'Laboratoire', lastName: 'BioLyon Part-Dieu', company: 'BioLyon', jobTitle: 'Laboratoire d’analyses médicales', profession: 'laboratoire', email: 'partdieu@biolyon.fr', phone: '04 78 95 20 20', address: '40 rue Servient, 69003 Lyon', notes: 'Prélèvements sans rendez-vous 7 h – 12 h. Résultats par messagerie sécurisée.' },
  { name: 'Pharmacie', lastName: 'de la Guillotière', company: 'Pharmacie de la Guillotière', jobTitle: 'Pharmacie', profession: 'pharmacie', email: 'contact@pharmacie-guillotiere.fr', phone: '04 78 72 45 10', address: '2 place Gabriel-Péri, 69007 Lyon' },
  { name: 'Centre', lastName: 'd’imagerie Monplaisir', company: 'Imagerie Monplaisir', jobTitle: 'Radiologie, échographie, IRM', profession: 'specialiste', email: 'rdv@imagerie-monplaisir.fr', phone: '04 78 00 56 56', address: '15 avenue des Frères-Lumière, 69008 Lyon', notes: 'IRM : joindre l’ordonnance et les anciens clichés.' },
  { name: 'Camille', lastName: 'Roussel', company: 'Cabinet de kinésithérapie Saxe', jobTitle: 'Masseur-kinésithérapeute', profession: 'kinesitherapeute', email: 'camille.roussel@kine-saxe.fr', phone: '06 12 45 78 90', address: '88 avenue Maréchal-de-Saxe, 69003 Lyon', rppsBase: '1003456789', nickname: 'Camille' },
  { name: 'Thomas', lastName: 'Girard', company: 'Kiné Sport Gerland', jobTitle: 'Kinésithérapeute du sport', profession: 'kinesitherapeute', email: 't.girard@kinesport-gerland.fr', phone: '06 23 56 89 01', address: '270 avenue Jean-Jaurès, 69007 Lyon', rppsBase: '1004567890' },
  { name: 'Élodie', lastName: 'Bonnet', company: 'Cabinet médical des Brotteaux', jobTitle: 'Médecin généraliste', profession: 'generaliste', email: 'dr.bonnet@medecin-brotteaux.fr', phone: '04 78 24 33 21', address: '20 boulevard des Brotteaux, 69006 Lyon', rppsBase: '1005678901', notes: 'Remplace le Dr Moreau pendant ses congés.' },
  { name: 'Pierre', lastName: 'Lambert', company: 'Clinique du Parc', jobTitle: 'Chirurgien orthopédiste', profession: 'specialiste', email: 'secretariat.lambert@clinique-parc.fr', phone: '04 72 83 42 00', address: '155 boulevard de Stalingrad, 69006 Lyon', rppsBase: '1006789012' },
  { name: 'Sandrine', lastName: 'Mercier', company: 'Cabinet de dermatologie Bellecour', jobTitle: 'Dermatologue', profession: 'specialiste', email: 'contact@dermato-bellecour.fr', phone: '04 78 37 15 15', address: '3 rue de la Charité, 69002 Lyon', rppsBase: '1007890123' },
  { name: 'Hôpital', lastName: 'de la Croix-Rousse', company: 'Hospices Civils de Lyon', jobTitle: 'Service des urgences', profession: 'hopital', email: 'urgences.hcr@chu-lyon.fr', phone: '04 26 73 20 00', address: '103 grande rue de la Croix-Rousse, 69004 Lyon' },
  { name: 'Nicolas', lastName: 'Faure', company: 'Centre ophtalmologique Jean-Macé', jobTitle: 'Ophtalmologiste', profession: 'specialiste', email: 'n.faure@ophtalmo-jeanmace.fr', phone: '04 78 58 90 90', address: '7 place Jean-Macé, 69007 Lyon', rppsBase: '1008901234' },
  { name: 'Aurélie', lastName: 'Chevalier', company: 'Cabinet de psychologie', jobTitle: 'Psychologue clinicienne', profession: 'autre', email: 'aurelie.chevalier@psy-lyon.fr', phone: '06 34 67 89 12', address: '45 rue Garibaldi, 69006 Lyon' },
  { name: 'Laboratoire', lastName: 'Cerballiance Jean-Jaurès', company: 'Cerballiance', jobTitle: 'Laboratoire d’analyses médicales', profession: 'laboratoire', email: 'jeanjaures@cerballiance-lyon.fr', phone: '04 78 69 33 33', address: '198 avenue Jean-Jaurès, 69007 Lyon' },
  { name: 'Pharmacie', lastName: 'Saxe-Préfecture', company: 'Pharmacie Saxe-Préfecture', jobTitle: 'Pharmacie de garde le dimanche', profession: 'pharmacie', email: 'saxe.prefecture@pharmacie.fr', phone: '04 78 60 70 80', address: '131 avenue Maréchal-de-Saxe, 69003 Lyon' },
  { name: 'Julie', lastName: 'Marchetti', company: 'Cabinet de podologie', jobTitle: 'Pédicure-podologue', profession: 'autre', email: 'julie.marchetti@podo-lyon.fr', phone: '06 45 78 90 23', address: '12 rue Paul-Bert, 69003 Lyon' },
  { name: 'François', lastName: 'Vidal', company: 'Centre hospitalier Saint-Joseph Saint-Luc', jobTitle: 'Gastro-entérologue', profession: 'specialiste', email: 'f.vidal@ch-stjoseph-stluc-lyon.fr', phone: '04 78 61 81 81', address: '20 quai Claude-Bernard, 69007 Lyon', rppsBase: '1009012345' },
  { name: 'Hélène', lastName: 'Garcia', company: 'Cabinet d’orthophonie', jobTitle: 'Orthophoniste', profession: 'autre', email: 'helene.garcia@ortho-lyon.fr', phone: '06 56 89 01 34', address: '8 rue Vendôme, 69006 Lyon' },
  { name: 'Service', lastName: 'de soins infirmiers à domicile', company: 'SSIAD Lyon Est', jobTitle: 'Infirmières à domicile', profession: 'autre', email: 'coordination@ssiad-lyon-est.fr', phone: '04 78 54 12 12', address: '30 rue Villon, 69008 Lyon', notes: 'Coordinatrice : Mme Petit. Demandes avant 11 h.' },
  { name: 'Olivier', lastName: 'Renard', company: 'Cabinet de pneumologie', jobTitle: 'Pneumologue', profession: 'specialiste', email: 'secretariat@pneumo-renard.fr', phone: '04 78 62 44 55', address: '60 rue de Créqui, 69006 Lyon', rppsBase: '1000123456' },
];

export async function seedContacts(db: Database, organizationId: string, userIds: Record<string, string>): Promise<void> {
  await db
    .update(organisations)
    .set({ settings: sql`${organisations.settings} || ${JSON.stringify({ openingHours: 'Du lundi au vendredi, 8 h 30 – 19 h ; le samedi, 9 h – 12 h' })}::jsonb` })
    .where(eq(organisations.id, organizationId));
  const rows = await db
    .insert(contacts)
    .values(
      CONTACTS.map((c) => ({
        organizationId,
        name: c.name,
        lastName: c.lastName,
        nickname: c.nickname ?? '',
        company: c.company,
        jobTitle: c.jobTitle,
        email: c.email,
        phone: c.phone,
        address: c.address,
        notes: c.notes ?? '',
        profession: c.profession,
        rpps: c.rppsBase ? rpps(c.rppsBase) : '',
        sortKey: fold(`${c.lastName || c.name} ${c.name}`).replace(/[^\p{L}\p{N} ]/gu, ''),
        searchKey: [fold(`${c.name} ${c.lastName} ${c.nickname ?? ''} ${c.company} ${c.jobTitle}`), c.email.toLowerCase(), phoneKey(c.phone), c.phone.replace(/\s/g, '')].join(' '),
        emailKey: c.email.toLowerCase(),
        phoneKey: phoneKey(c.phone),
      })),
    )
    .returning({ id: contacts.id, lastName: contacts.lastName });
  const id = (lastName: string) => rows.find((r) => r.lastName === lastName)!.id;
  for (const username of ['pr', 'ad']) {
    const userId = userIds[username];
    await db.insert(contactUserState).values([
      { userId, contactId: id('BioLyon Part-Dieu'), starred: true, openCount: 6 },
      { userId, contactId: id('Fournier'), starred: true, openCount: 3 },
      { userId, contactId: id('Roussel'), starred: username === 'pr', openCount: 2 },
      { userId, contactId: id('de la Guillotière'), starred: false, openCount: 4 },
    ]);
    const [specialists] = await db.insert(contactGroups).values({ organizationId, userId, name: 'Spécialistes', nameKey: 'specialistes' }).returning({ id: contactGroups.id });
    const [rehab] = await db.insert(contactGroups).values({ organizationId, userId, name: 'Rééducation', nameKey: 'reeducation' }).returning({ id: contactGroups.id });
    await db.insert(contactGroupMembers).values([
      ...['Fournier', 'Perrin', 'Lambert', 'Mercier', 'Faure', 'Vidal', 'Renard'].map((n) => ({ groupId: specialists.id, contactId: id(n) })),
      ...['Roussel', 'Girard', 'Garcia', 'Marchetti'].map((n) => ({ groupId: rehab.id, contactId: id(n) })),
    ]);
  }
}
