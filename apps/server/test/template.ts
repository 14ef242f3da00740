/** The migrated, demo-seeded database every test file clones. */
export const TEMPLATE_DB = 'wellbe_test_template';
