import type { Database } from '../client.ts';
import { policyAcceptances, policyVersions } from '../tables.ts';

// The first version of each policy document, written for WellBe in plain French (issue 20), in
// force for a month; the demo accounts have accepted them, so that they sign in straight away.

const PRIVACY = `<h2>Qui est responsable de vos données ?</h2>
<p>WellBe édite le logiciel utilisé par votre cabinet. Le cabinet qui vous suit est responsable des données de santé de votre dossier ; WellBe les héberge et les traite pour son compte, selon ses instructions.</p>
<h2>Quelles données, et pourquoi ?</h2>
<ul><li>Votre identité et vos coordonnées, pour vous reconnaître et vous joindre.</li><li>Les données de vos consultations, saisies par vos praticiens, pour assurer votre suivi.</li><li>Les journaux de connexion et d’accès, pour la sécurité de votre dossier.</li></ul>
<h2>Combien de temps ?</h2>
<p>Le dossier médical est conservé vingt ans après votre dernière consultation, comme le prévoit le code de la santé publique. Les journaux de connexion sont conservés un an.</p>
<h2>Vos droits</h2>
<p>Vous pouvez consulter vos données, les faire corriger, demander leur export et savoir qui a ouvert votre dossier, depuis votre profil ou en écrivant à <a href="mailto:dpo@wellbe.fr">dpo@wellbe.fr</a>. Vous pouvez aussi saisir la CNIL.</p>
<h2>Lettre d’information</h2>
<p>Vous ne recevez notre lettre d’information que si vous l’avez demandé dans votre profil. Chaque envoi contient un lien de désinscription en un clic.</p>`;

const TERMS = `<h2>Objet</h2>
<p>Ces conditions disent comment utiliser WellBe, le logiciel de suivi de votre cabinet de santé.</p>
<h2>Votre compte</h2>
<p>Votre compte est personnel. Gardez votre mot de passe secret et prévenez votre cabinet si vous pensez qu’une autre personne l’utilise.</p>
<h2>Ce que WellBe n’est pas</h2>
<p>WellBe ne remplace pas une consultation. En cas d’urgence, appelez le 15 ou le 112.</p>
<h2>Les articles</h2>
<p>Les articles de prévention sont rédigés par l’équipe de WellBe à titre d’information générale ; ils ne constituent pas un avis médical personnalisé.</p>
<h2>Évolution des conditions</h2>
<p>Quand ces conditions changent, la nouvelle version vous est présentée à votre connexion suivante : vous la lisez et l’acceptez avant de continuer.</p>`;

const LEGAL = `<h2>Éditeur</h2>
<p>WellBe SAS, 10 rue de la Santé, 69003 Lyon. Contact : <a href="mailto:contact@wellbe.fr">contact@wellbe.fr</a>.</p>
<h2>Hébergement</h2>
<p>Les données de santé sont hébergées en France par un hébergeur certifié HDS (hébergeur de données de santé).</p>
<h2>Délégué à la protection des données</h2>
<p><a href="mailto:dpo@wellbe.fr">dpo@wellbe.fr</a></p>`;

export async function seedPolicies(db: Database, userIds: string[], userOrgs: Record<string, string | null>, now: Date): Promise<void> {
  const effectiveAt = new Date(now.getTime() - 30 * 24 * 3600_000);
  const rows = await db
    .insert(policyVersions)
    .values([
      { kind: 'privacy' as const, version: 1, title: 'Politique de confidentialité', body: PRIVACY, requiresAcceptance: true },
      { kind: 'terms' as const, version: 1, title: 'Conditions générales d’utilisation', body: TERMS, requiresAcceptance: true },
      { kind: 'legal' as const, version: 1, title: 'Mentions légales', body: LEGAL, requiresAcceptance: false },
    ].map((v) => ({ ...v, effectiveAt, status: 'published' as const, publishedAt: effectiveAt, createdAt: effectiveAt })))
    .returning({ id: policyVersions.id, requiresAcceptance: policyVersions.requiresAcceptance });
  const required = rows.filter((r) => r.requiresAcceptance);
  await db.insert(policyAcceptances).values(userIds.flatMap((userId) => required.map((v) => ({ userId, organizationId: userOrgs[userId] ?? null, versionId: v.id, acceptedAt: effectiveAt, ip: null, via: 'seed' }))));
}
