import { fold } from '@wellbe/shared/domain/text';
import { readingMinutes } from '@wellbe/shared/schemas/articles';
import type { Database } from '../client.ts';
import { articlePins, articles, newsletterRecipients, newsletters, newsletterSubscriptions, users } from '../tables.ts';
import { inArray } from 'drizzle-orm';

// Six prevention articles of WellBe's editorial team, one sent newsletter and one scheduled
// (issue 20). Plain French, sources the general public knows (HAS, Santé publique France).

interface DemoArticle {
  slug: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  audience: 'patients' | 'praticiens' | 'tous';
  body: string;
  daysAgo: number;
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    slug: 'bouger-30-minutes-par-jour',
    title: 'Bouger 30 minutes par jour : par où commencer ?',
    summary: 'Marche, vélo, escaliers : des idées simples pour atteindre l’activité recommandée sans s’inscrire en salle.',
    category: 'activite-physique',
    tags: ['marche', 'sédentarité'],
    audience: 'tous',
    daysAgo: 20,
    body: `<p>Les recommandations de Santé publique France sont claires : au moins 30 minutes d’activité physique d’intensité modérée, cinq jours par semaine. Bonne nouvelle, ces minutes peuvent se cumuler par tranches de dix.</p>
<h2>Des idées pour le quotidien</h2>
<ul><li>Descendre du bus un arrêt plus tôt et finir à pied.</li><li>Prendre les escaliers plutôt que l’ascenseur.</li><li>Faire ses courses de proximité à vélo.</li><li>Se lever toutes les heures quand on travaille assis.</li></ul>
<h2>Écouter son corps</h2>
<p>Commencez doucement et augmentez progressivement. Si vous avez une maladie chronique ou si vous reprenez après une longue pause, parlez-en à votre médecin : il peut vous proposer une activité physique adaptée.</p>
<blockquote><p>Marcher d’un bon pas, c’est pouvoir parler mais pas chanter.</p></blockquote>`,
  },
  {
    slug: 'bien-dormir-sept-habitudes',
    title: 'Bien dormir : sept habitudes qui aident',
    summary: 'Horaires réguliers, lumière, écrans, café : ce qui favorise un sommeil réparateur.',
    category: 'sommeil',
    tags: ['sommeil', 'écrans'],
    audience: 'patients',
    daysAgo: 15,
    body: `<p>Un adulte a besoin en moyenne de sept à neuf heures de sommeil. Quelques habitudes simples améliorent sa qualité.</p>
<ol><li>Se coucher et se lever à heures régulières, même le week-end.</li><li>S’exposer à la lumière du jour le matin.</li><li>Éviter le café et le thé après 14 heures.</li><li>Couper les écrans une heure avant le coucher.</li><li>Garder une chambre fraîche (autour de 18 °C), sombre et calme.</li><li>Dîner léger et pas trop tard.</li><li>Se lever si l’on ne dort pas au bout de vingt minutes, puis revenir quand le sommeil arrive.</li></ol>
<p>Des difficultés qui durent plus de trois mois, des ronflements importants ou une somnolence dans la journée méritent d’en parler à votre médecin.</p>`,
  },
  {
    slug: 'assiette-equilibree',
    title: 'Composer une assiette équilibrée',
    summary: 'La moitié de légumes, un quart de féculents, un quart de protéines : la méthode de l’assiette, simplement.',
    category: 'nutrition',
    tags: ['alimentation', 'légumes'],
    audience: 'tous',
    daysAgo: 12,
    body: `<p>Pas besoin de peser ses aliments pour manger équilibré. La méthode de l’assiette donne un repère visuel facile.</p>
<h2>Les trois parts de l’assiette</h2>
<ul><li><strong>La moitié</strong> : des légumes, crus ou cuits, de saison de préférence.</li><li><strong>Un quart</strong> : des féculents, si possible complets (pain complet, riz complet, lentilles).</li><li><strong>Un quart</strong> : des protéines (poisson, œufs, volaille, légumineuses).</li></ul>
<p>Ajoutez un filet d’huile de colza ou d’olive, un fruit en dessert, et de l’eau à volonté. Le site <a href="https://www.mangerbouger.fr">mangerbouger.fr</a> propose des recettes de saison.</p>`,
  },
  {
    slug: 'gerer-le-stress-au-quotidien',
    title: 'Gérer le stress au quotidien',
    summary: 'Respiration, pauses, activité physique : des outils simples quand la pression monte.',
    category: 'sante-mentale',
    tags: ['stress', 'respiration'],
    audience: 'tous',
    daysAgo: 9,
    body: `<p>Le stress est une réaction normale face à une difficulté. Il devient un problème quand il dure et qu’il empêche de dormir, de manger ou de profiter de la vie.</p>
<h2>La cohérence cardiaque</h2>
<p>Inspirez cinq secondes, expirez cinq secondes, pendant cinq minutes, trois fois par jour. Cet exercice simple aide à retrouver le calme.</p>
<h2>Ce qui aide aussi</h2>
<ul><li>Une activité physique régulière.</li><li>Des pauses sans écran dans la journée.</li><li>Parler à une personne de confiance.</li></ul>
<p>Si vous vous sentez dépassé, parlez-en à votre médecin. Le 3114, numéro national de prévention du suicide, répond jour et nuit.</p>`,
  },
  {
    slug: 'vaccination-adulte-rappels',
    title: 'Vaccination de l’adulte : les rappels à ne pas oublier',
    summary: 'Diphtérie, tétanos, coqueluche, grippe : les âges clés du calendrier vaccinal.',
    category: 'prevention',
    tags: ['vaccination', 'calendrier vaccinal'],
    audience: 'patients',
    daysAgo: 5,
    body: `<p>Les vaccins ne s’arrêtent pas à l’enfance. Le calendrier vaccinal prévoit des rappels à âge fixe chez l’adulte.</p>
<h2>Les rendez-vous clés</h2>
<ul><li>Diphtérie, tétanos, poliomyélite : rappels à 25, 45 et 65 ans, puis tous les dix ans.</li><li>Coqueluche : rappel à 25 ans, et pendant chaque grossesse.</li><li>Grippe : chaque automne à partir de 65 ans ou en cas de maladie chronique.</li></ul>
<p>Apportez votre carnet de vaccination à votre prochaine consultation : votre médecin vérifie avec vous ce qui manque.</p>`,
  },
  {
    slug: 'nouveaux-horaires-du-cabinet',
    title: 'Téléconsultation et prise de rendez-vous : ce qui change',
    summary: 'Les praticiens ouvrent des créneaux de téléconsultation le samedi matin.',
    category: 'vie-du-cabinet',
    tags: ['téléconsultation', 'rendez-vous'],
    audience: 'praticiens',
    daysAgo: 2,
    body: `<p>À la demande de nombreux praticiens, WellBe permet désormais d’ouvrir des créneaux de téléconsultation le samedi matin.</p>
<h2>Comment faire</h2>
<ol><li>Dans l’agenda, créez une plage de disponibilité le samedi.</li><li>Cochez « Téléconsultation » pour que vos patients voient le créneau.</li></ol>
<p>Rappel : la téléconsultation ne convient pas aux urgences ; vos patients sont invités à appeler le 15.</p>`,
  },
];

export async function seedEditorial(db: Database, input: { authorId: string; organizationId: string; userIds: Record<string, string>; now: Date }): Promise<void> {
  const day = 24 * 3600_000;
  const rows = await db
    .insert(articles)
    .values(
      DEMO_ARTICLES.map((a) => {
        const at = new Date(input.now.getTime() - a.daysAgo * day);
        return {
          slug: a.slug,
          title: a.title,
          summary: a.summary,
          body: a.body,
          category: a.category,
          tags: a.tags,
          audience: a.audience,
          authorId: input.authorId,
          status: 'publie' as const,
          publishAt: at,
          publishedAt: at,
          readingMinutes: readingMinutes(a.body),
          readCount: 3 + a.daysAgo,
          searchKey: fold([a.title, a.summary, ...a.tags].join(' ')),
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: articles.id, slug: articles.slug });
  const id = (slug: string) => rows.find((r) => r.slug === slug)!.id;
  // The demo practice pins the vaccination reminders for its patients.
  await db.insert(articlePins).values({ organizationId: input.organizationId, articleId: id('vaccination-adulte-rappels'), pinnedBy: input.userIds.pa });

  // The patient and two practitioners asked for the newsletter in their profile.
  const subscribed = ['pt', 'pr', 'pa'].map((u) => input.userIds[u]);
  await db.insert(newsletterSubscriptions).values(subscribed.map((userId) => ({ userId, subscribed: true })));

  const [sent] = await db
    .insert(newsletters)
    .values({
      title: 'La lettre WellBe : bien dormir, bien manger',
      intro: 'Ce mois-ci, deux articles pour prendre soin de vous au quotidien.',
      articleIds: [id('bien-dormir-sept-habitudes'), id('assiette-equilibree')],
      audience: 'all_patients',
      status: 'envoyee',
      scheduledAt: new Date(input.now.getTime() - 10 * day),
      startedAt: new Date(input.now.getTime() - 10 * day),
      sentAt: new Date(input.now.getTime() - 10 * day),
      createdBy: input.authorId,
    })
    .returning({ id: newsletters.id });
  const patientUsers = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [input.userIds.pt]));
  await db.insert(newsletterRecipients).values(patientUsers.map((u) => ({ newsletterId: sent.id, userId: u.id, email: u.email, status: 'sent' as const, sentAt: new Date(input.now.getTime() - 10 * day) })));
  await db.insert(newsletters).values({
    title: 'La lettre WellBe : stress et vaccination',
    intro: 'Deux sujets de saison : retrouver son calme et faire le point sur ses vaccins.',
    articleIds: [id('gerer-le-stress-au-quotidien'), id('vaccination-adulte-rappels')],
    audience: 'all_patients',
    status: 'programmee',
    scheduledAt: new Date(input.now.getTime() + 7 * day),
    createdBy: input.authorId,
  });
}
