// The categories of WellBe's articles (issue 20), apart from their schemas (schemas/articles.ts):
// this module has no zod, the dashboard imports it (issue 13).

export const ARTICLE_CATEGORIES = ['prevention', 'nutrition', 'activite-physique', 'sommeil', 'sante-mentale', 'vie-du-cabinet'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
// Their names are the web app's texts (editorial `articles.categories`), in each language.
