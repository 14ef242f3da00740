import { and, inArray, isNull } from 'drizzle-orm';
import { weekStart } from '@wellbe/shared/domain/dietetics';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { addDays, todayIn } from '@wellbe/shared/domain/zoned';
import type { Database } from '../client.ts';
import { consultations, dieteticProfiles, dietProgramAssignments, dietProgramItems, dietPrograms, foods, menuItems, recipeIngredients, recipes } from '../tables.ts';

// Demo dietetics: ~25 everyday French recipes of the WellBe library, built from real Ciqual foods
// (named exactly as in the table), a 2-week "rééquilibrage" program of Cabinet Démo assigned to
// Lucas Bernard from this week's Monday, his dietetic profile and one dietetic consultation by
// the demo dietitian `di`. Called once from the demo seed, inside its transaction.

type Ing = [string, number] | ['@', string, number];
interface DemoRecipe {
  name: string;
  category: string;
  portions: number;
  tags: string[];
  steps: string;
  ingredients: Ing[];
}

const F = {
  pomme: 'Pomme, chair et peau, crue',
  poire: 'Poire, chair et peau, crue',
  banane: 'Banane, chair sans peau, crue',
  orange: 'Orange, chair sans peau, sans pépins, crue',
  fraise: 'Fraise, crue',
  citron: 'Citron, chair sans peau, sans pépins, cru',
  baguette: 'Pain, pain français, baguette',
  beurre: 'Beurre, 80% de matière grasse minimum, non salé',
  confiture: 'Confiture de fraises',
  lait: 'Lait demi-écrémé (moyenne)',
  yaourt: 'Yaourt ou lait fermenté, nature (moyenne)',
  fromageBlanc: 'Fromage blanc, nature, 2-3% de matière grasse',
  flocons: "Flocons d'avoine",
  muesli: 'Muesli (moyenne)',
  miel: 'Miel',
  oeuf: 'Œuf, cru',
  riz: 'Riz blanc, cuit, sans sel ajouté',
  pates: 'Pâtes, sèches, ordinaires, cuites, sans sel ajouté',
  semoule: 'Couscous (semoule de blé dur précuite), cru',
  quinoa: "Quinoa, bouilli/cuit à l'eau, sans sel ajouté",
  pdt: "Pomme de terre, bouillie/cuite à l'eau",
  lentilles: "Lentille, bouillie/cuite à l'eau (moyenne)",
  poisChiche: "Pois chiche, bouilli/cuit à l'eau",
  poulet: 'Poulet, blanc, sans peau, grillé/poêlé',
  dinde: 'Dinde, escalope, grillée/poêlée',
  steak: 'Bœuf, steak haché, 5% de matière grasse, cuit',
  saumon: 'Saumon, cuit (moyenne)',
  cabillaud: 'Cabillaud, cuit (moyenne)',
  thon: 'Thon, en conserve au naturel, égoutté',
  jambon: 'Jambon cuit, qualité supérieure',
  emmental: 'Emmental, au lait de vache',
  mozzarella: 'Mozzarella, au lait de vache',
  tomate: 'Tomate, crue (moyenne)',
  carotte: 'Carotte, crue',
  carotteCuite: 'Carotte, cuite (moyenne)',
  courgette: 'Courgette, chair et peau, cuite',
  haricotVert: 'Haricot vert, cuit',
  brocoli: "Brocoli, bouilli/cuit à l'eau (moyenne)",
  epinard: 'Épinard, cuit',
  poireau: "Poireau, bouilli/cuit à l'eau",
  laitue: 'Laitue, crue',
  concombre: 'Concombre, chair et peau, cru',
  poivron: 'Poivron, vert, jaune ou rouge, cru',
  oignon: 'Oignon, cru',
  champignon: 'Champignon de Paris ou champignon de couche, cru',
  huileOlive: "Huile d'olive, extra vierge",
  huileColza: 'Huile de colza',
  vinaigre: 'Vinaigre balsamique',
  farine: 'Farine de blé, type 55 (pour le pain)',
  sucre: 'Sucre, blanc',
  chocolat: 'Chocolat noir, 70% de cacao, tablette',
  amande: 'Amande, avec peau, sans sel ajouté',
  noix: 'Noix, cerneau, séché',
  the: 'Thé vert, infusé, sans sucres ajoutés',
  jusOrange: "Jus d'orange, jus pur",
  compote: 'Compote de pomme, préemballée',
} as const;

export const DEMO_RECIPES: DemoRecipe[] = [
  { name: 'Vinaigrette à l’huile d’olive', category: 'entrée', portions: 4, tags: ['végétarien', 'végétalien', 'sans gluten', 'sans lactose', 'rapide'], steps: 'Émulsionner l’huile et le vinaigre balsamique.', ingredients: [[F.huileOlive, 40], [F.vinaigre, 15]] },
  { name: 'Porridge aux pommes', category: 'petit-déjeuner', portions: 1, tags: ['végétarien', 'riche en fibres'], steps: 'Cuire les flocons dans le lait 5 minutes, ajouter la pomme râpée et le miel.', ingredients: [[F.flocons, 50], [F.lait, 200], [F.pomme, 100], [F.miel, 10]] },
  { name: 'Tartines beurre-confiture', category: 'petit-déjeuner', portions: 1, tags: ['végétarien', 'rapide'], steps: 'Couper la baguette, beurrer, étaler la confiture.', ingredients: [[F.baguette, 60], [F.beurre, 10], [F.confiture, 20]] },
  { name: 'Bol de muesli au yaourt', category: 'petit-déjeuner', portions: 1, tags: ['végétarien', 'rapide'], steps: 'Verser le muesli sur le yaourt, ajouter la banane en rondelles.', ingredients: [[F.muesli, 40], [F.yaourt, 125], [F.banane, 60]] },
  { name: 'Omelette aux champignons', category: 'plat', portions: 2, tags: ['végétarien', 'sans gluten', 'rapide'], steps: 'Faire revenir les champignons, battre les œufs, cuire l’omelette à feu doux.', ingredients: [[F.oeuf, 240], [F.champignon, 150], [F.huileOlive, 10], [F.emmental, 30]] },
  { name: 'Salade de tomates à la mozzarella', category: 'entrée', portions: 2, tags: ['végétarien', 'sans gluten', 'rapide'], steps: 'Trancher tomates et mozzarella, arroser de vinaigrette.', ingredients: [[F.tomate, 300], [F.mozzarella, 125], ['@', 'Vinaigrette à l’huile d’olive', 1]] },
  { name: 'Salade composée au thon', category: 'plat', portions: 2, tags: ['sans gluten', 'sans lactose'], steps: 'Mélanger riz, thon, tomates, concombre et œufs durs ; assaisonner.', ingredients: [[F.riz, 200], [F.thon, 140], [F.tomate, 150], [F.concombre, 100], [F.oeuf, 100], ['@', 'Vinaigrette à l’huile d’olive', 1]] },
  { name: 'Carottes râpées au citron', category: 'entrée', portions: 4, tags: ['végétarien', 'végétalien', 'sans gluten', 'sans lactose', 'rapide'], steps: 'Râper les carottes, assaisonner de citron et d’huile de colza.', ingredients: [[F.carotte, 400], [F.citron, 30], [F.huileColza, 20]] },
  { name: 'Poulet rôti, haricots verts', category: 'plat', portions: 1, tags: ['sans gluten', 'sans lactose'], steps: 'Griller le blanc de poulet, servir avec les haricots verts vapeur.', ingredients: [[F.poulet, 120], [F.haricotVert, 200], [F.huileOlive, 5]] },
  { name: 'Pâtes à la bolognaise', category: 'plat', portions: 4, tags: ['sans lactose'], steps: 'Faire revenir oignon et viande, ajouter les tomates, mijoter 20 minutes ; servir sur les pâtes.', ingredients: [[F.pates, 600], [F.steak, 300], [F.tomate, 400], [F.oignon, 80], [F.huileOlive, 15]] },
  { name: 'Saumon, riz et brocolis', category: 'plat', portions: 1, tags: ['sans gluten', 'sans lactose'], steps: 'Cuire le saumon au four, servir avec le riz et les brocolis.', ingredients: [[F.saumon, 120], [F.riz, 150], [F.brocoli, 150]] },
  { name: 'Cabillaud et purée de carottes', category: 'plat', portions: 1, tags: ['sans gluten'], steps: 'Cuire le cabillaud vapeur, mixer les carottes avec un peu de beurre.', ingredients: [[F.cabillaud, 130], [F.carotteCuite, 200], [F.beurre, 5]] },
  { name: 'Dahl de lentilles', category: 'plat', portions: 4, tags: ['végétarien', 'végétalien', 'sans gluten', 'sans lactose', 'riche en fibres'], steps: 'Faire revenir l’oignon, ajouter lentilles et tomates, mijoter 15 minutes.', ingredients: [[F.lentilles, 600], [F.tomate, 300], [F.oignon, 100], [F.huileColza, 20]] },
  { name: 'Couscous de légumes aux pois chiches', category: 'plat', portions: 4, tags: ['végétarien', 'végétalien', 'sans lactose', 'riche en fibres'], steps: 'Cuire les légumes en bouillon, préparer la semoule, ajouter les pois chiches.', ingredients: [[F.semoule, 250], [F.poisChiche, 300], [F.courgette, 300], [F.carotteCuite, 200], [F.huileOlive, 20]] },
  { name: 'Quiche aux poireaux', category: 'plat', portions: 6, tags: ['végétarien'], steps: 'Foncer la pâte, garnir des poireaux fondus, verser l’appareil œufs-lait, cuire 35 minutes à 180 °C.', ingredients: [[F.farine, 200], [F.beurre, 100], [F.poireau, 400], [F.oeuf, 180], [F.lait, 250], [F.emmental, 60]] },
  { name: 'Escalope de dinde, quinoa et courgettes', category: 'plat', portions: 1, tags: ['sans gluten', 'sans lactose'], steps: 'Poêler l’escalope, servir avec le quinoa et les courgettes sautées.', ingredients: [[F.dinde, 120], [F.quinoa, 150], [F.courgette, 150], [F.huileOlive, 5]] },
  { name: 'Gratin de pommes de terre au jambon', category: 'plat', portions: 4, tags: [], steps: 'Alterner pommes de terre et jambon, couvrir de lait et de fromage, cuire 45 minutes.', ingredients: [[F.pdt, 800], [F.jambon, 160], [F.lait, 300], [F.emmental, 80]] },
  { name: 'Velouté de légumes', category: 'entrée', portions: 4, tags: ['végétarien', 'végétalien', 'sans gluten', 'sans lactose'], steps: 'Cuire les légumes 25 minutes dans l’eau, mixer.', ingredients: [[F.poireau, 300], [F.carotteCuite, 300], [F.pdt, 300], [F.huileOlive, 10]] },
  { name: 'Salade verte', category: 'entrée', portions: 2, tags: ['végétarien', 'végétalien', 'sans gluten', 'sans lactose', 'rapide'], steps: 'Laver la laitue, assaisonner au dernier moment.', ingredients: [[F.laitue, 120], ['@', 'Vinaigrette à l’huile d’olive', 1]] },
  { name: 'Poêlée d’épinards à l’œuf', category: 'plat', portions: 1, tags: ['végétarien', 'sans gluten', 'sans lactose'], steps: 'Faire tomber les épinards, ajouter deux œufs au plat.', ingredients: [[F.epinard, 200], [F.oeuf, 120], [F.huileOlive, 5]] },
  { name: 'Salade de fruits frais', category: 'dessert', portions: 4, tags: ['végétarien', 'végétalien', 'sans gluten', 'sans lactose'], steps: 'Couper les fruits, arroser de jus d’orange.', ingredients: [[F.pomme, 150], [F.poire, 150], [F.orange, 150], [F.fraise, 150], [F.jusOrange, 100]] },
  { name: 'Fromage blanc aux fraises', category: 'dessert', portions: 1, tags: ['végétarien', 'sans gluten', 'rapide'], steps: 'Servir le fromage blanc avec les fraises coupées.', ingredients: [[F.fromageBlanc, 150], [F.fraise, 100]] },
  { name: 'Compote et amandes', category: 'collation', portions: 1, tags: ['végétarien', 'végétalien', 'sans gluten', 'sans lactose', 'rapide'], steps: 'Une compote et une poignée d’amandes.', ingredients: [[F.compote, 100], [F.amande, 15]] },
  { name: 'Pomme et carré de chocolat noir', category: 'collation', portions: 1, tags: ['végétarien', 'sans gluten', 'rapide'], steps: 'Une pomme et deux carrés de chocolat noir.', ingredients: [[F.pomme, 150], [F.chocolat, 10]] },
  { name: 'Yaourt, miel et noix', category: 'collation', portions: 1, tags: ['végétarien', 'sans gluten', 'rapide'], steps: 'Napper le yaourt de miel, parsemer de noix.', ingredients: [[F.yaourt, 125], [F.miel, 10], [F.noix, 10]] },
  { name: 'Pain et fromage', category: 'collation', portions: 1, tags: ['végétarien', 'rapide'], steps: 'Une tranche de baguette et une portion de comté ou d’emmental.', ingredients: [[F.baguette, 50], [F.emmental, 30]] },
  { name: 'Thé vert et fruit', category: 'boisson', portions: 1, tags: ['végétalien', 'sans gluten', 'sans lactose'], steps: 'Un thé vert non sucré et une orange.', ingredients: [[F.the, 250], [F.orange, 150]] },
  { name: 'Crêpes maison', category: 'dessert', portions: 6, tags: ['végétarien'], steps: 'Mélanger farine, œufs, lait et sucre ; laisser reposer 1 heure ; cuire à la poêle beurrée.', ingredients: [[F.farine, 250], [F.oeuf, 180], [F.lait, 500], [F.sucre, 30], [F.beurre, 20]] },
];

/** The two-week program: [dayIndex % 7] → meals of recipe names and portions. */
const PROGRAM_WEEK: Record<string, [string, number][]>[] = [
  { breakfast: [['Porridge aux pommes', 1], ['Tartines beurre-confiture', 1]], lunch: [['Carottes râpées au citron', 1], ['Poulet rôti, haricots verts', 1.5], ['Pain et fromage', 1]], dinner: [['Velouté de légumes', 1], ['Omelette aux champignons', 1.5], ['Salade de fruits frais', 1]], snack: [['Yaourt, miel et noix', 1]] },
  { breakfast: [['Tartines beurre-confiture', 2]], lunch: [['Salade composée au thon', 1.5], ['Pain et fromage', 1]], dinner: [['Dahl de lentilles', 1.5], ['Salade verte', 1], ['Fromage blanc aux fraises', 1]], snack: [['Pomme et carré de chocolat noir', 1]] },
  { breakfast: [['Bol de muesli au yaourt', 1.5]], lunch: [['Saumon, riz et brocolis', 1.5], ['Pain et fromage', 1]], dinner: [['Poêlée d’épinards à l’œuf', 1], ['Pâtes à la bolognaise', 1], ['Fromage blanc aux fraises', 1]], snack: [['Compote et amandes', 1]] },
  { breakfast: [['Porridge aux pommes', 1], ['Tartines beurre-confiture', 1]], lunch: [['Escalope de dinde, quinoa et courgettes', 1.5], ['Pain et fromage', 1], ['Salade de fruits frais', 1]], dinner: [['Velouté de légumes', 1], ['Quiche aux poireaux', 1.5]], snack: [['Thé vert et fruit', 1]] },
  { breakfast: [['Tartines beurre-confiture', 2]], lunch: [['Cabillaud et purée de carottes', 1.5], ['Pain et fromage', 1]], dinner: [['Salade de tomates à la mozzarella', 1], ['Couscous de légumes aux pois chiches', 1]], snack: [['Yaourt, miel et noix', 1]] },
  { breakfast: [['Bol de muesli au yaourt', 1.5]], lunch: [['Pâtes à la bolognaise', 1.5], ['Salade verte', 1], ['Fromage blanc aux fraises', 1]], dinner: [['Couscous de légumes aux pois chiches', 1.5], ['Salade de fruits frais', 1]], snack: [['Pomme et carré de chocolat noir', 1]] },
  { breakfast: [['Crêpes maison', 2]], lunch: [['Gratin de pommes de terre au jambon', 1.5], ['Salade verte', 1]], dinner: [['Velouté de légumes', 1], ['Omelette aux champignons', 1], ['Pain et fromage', 1]], snack: [['Salade de fruits frais', 1]] },
];

export async function seedDietetics(tx: Database, ids: { organizationId: string; dietitianId: string; patientId: string; now: Date }): Promise<void> {
  const names = [...new Set(Object.values(F))];
  const rows = await tx
    .select({ id: foods.id, nameFr: foods.nameFr })
    .from(foods)
    .where(and(inArray(foods.nameFr, names), isNull(foods.organizationId)));
  const foodId = new Map(rows.map((r) => [r.nameFr, r.id]));
  const missing = names.filter((n) => !foodId.has(n));
  if (missing.length) throw new Error(`Aliments Ciqual introuvables pour la démo : ${missing.join(' ; ')}`);

  const recipeId = new Map<string, string>();
  for (const r of DEMO_RECIPES) {
    const [row] = await tx.insert(recipes).values({ organizationId: null, name: r.name, category: r.category, portions: r.portions, steps: r.steps, tags: r.tags }).returning({ id: recipes.id });
    recipeId.set(r.name, row.id);
    await tx.insert(recipeIngredients).values(
      r.ingredients.map((ing, position) =>
        ing.length === 3 ? { parentId: row.id, recipeId: recipeId.get(ing[1])!, portions: ing[2], position } : { parentId: row.id, foodId: foodId.get(ing[0])!, grams: ing[1], position },
      ),
    );
  }

  const [program] = await tx
    .insert(dietPrograms)
    .values({ organizationId: ids.organizationId, name: 'Rééquilibrage alimentaire — 2 semaines', goal: 'rééquilibrage', weeks: 2, description: 'Trois repas et une collation par jour, produits frais et de saison.', createdBy: ids.dietitianId })
    .returning({ id: dietPrograms.id });
  const programLines: (typeof dietProgramItems.$inferInsert)[] = [];
  for (let day = 0; day < 14; day++) {
    for (const [meal, list] of Object.entries(PROGRAM_WEEK[day % 7])) {
      list.forEach(([name, portions], position) => programLines.push({ programId: program.id, dayIndex: day, meal, recipeId: recipeId.get(name)!, portions, position }));
    }
  }
  await tx.insert(dietProgramItems).values(programLines);

  // Assigned to Lucas Bernard from last week's Monday: a week of history, and this week's menus.
  // Seeded on a Sunday, from this week's Monday: the program is still current the next day (it
  // ended that Sunday night, and a demo or a test run started late on Sunday found none on Monday).
  const today = todayIn(DEFAULT_TIME_ZONE, ids.now);
  const start = addDays(weekStart(addDays(today, 1)), -7);
  await tx.insert(dietProgramAssignments).values({ organizationId: ids.organizationId, programId: program.id, patientId: ids.patientId, startDate: start, endDate: addDays(start, 13), assignedBy: ids.dietitianId });
  await tx.insert(menuItems).values(
    programLines.map((l) => ({ organizationId: ids.organizationId, patientId: ids.patientId, day: addDays(start, l.dayIndex!), meal: l.meal!, recipeId: l.recipeId, portions: l.portions, position: l.position, createdBy: ids.dietitianId })),
  );

  await tx.insert(dieteticProfiles).values({ patientId: ids.patientId, organizationId: ids.organizationId, diet: 'omnivore', allergens: ['fruits à coque'], dislikes: ['brocoli', 'épinard'], updatedBy: ids.dietitianId });
  await tx.insert(consultations).values({
    id: crypto.randomUUID(),
    organizationId: ids.organizationId,
    patientId: ids.patientId,
    userId: ids.dietitianId,
    jobSpecialistId: 2,
    consultationDate: new Date(ids.now.getTime() - 10 * 24 * 3600 * 1000),
    consultationNote: '<p>Bilan diététique : grignotage l’après-midi, peu de légumes.</p>',
    diagnostic: '<p>Rééquilibrage alimentaire conseillé.</p>',
    size: 178,
    weight: 81.2,
    pattern: 'Trois repas, grignotage sucré vers 17 h',
    physicalCapacity: 'Activité modérée : vélo deux fois par semaine',
    riskyFoodsFrequency: 'Charcuterie 3 fois par semaine',
    breakfast: 'Café et viennoiserie',
    lunch: 'Cantine d’entreprise',
    dinner: 'Pâtes ou pizza, peu de légumes',
    snack: 'Biscuits',
    dislikes: 'Brocolis, épinards',
  });
}
