-- The folding of every search (fold of packages/shared/src/domain/text.ts) now writes the ligatures
-- out (œ → oe, æ → ae), so that « oeuf » finds « œuf ». Every key it stored is recomputed: keys are
-- already folded (lower case, no accent), so writing the two ligatures out gives exactly the key the
-- new rule computes. The trigram and prefix indexes follow the rows.
UPDATE "foods" SET "search_key" = replace(replace("search_key", 'œ', 'oe'), 'æ', 'ae') WHERE "search_key" ~ '[œæ]';--> statement-breakpoint
UPDATE "exercises" SET "search_key" = replace(replace("search_key", 'œ', 'oe'), 'æ', 'ae') WHERE "search_key" ~ '[œæ]';--> statement-breakpoint
UPDATE "notes" SET "search_key" = replace(replace("search_key", 'œ', 'oe'), 'æ', 'ae') WHERE "search_key" ~ '[œæ]';--> statement-breakpoint
UPDATE "articles" SET "search_key" = replace(replace("search_key", 'œ', 'oe'), 'æ', 'ae') WHERE "search_key" ~ '[œæ]';--> statement-breakpoint
UPDATE "contacts" SET "search_key" = replace(replace("search_key", 'œ', 'oe'), 'æ', 'ae'), "sort_key" = replace(replace("sort_key", 'œ', 'oe'), 'æ', 'ae') WHERE "search_key" ~ '[œæ]' OR "sort_key" ~ '[œæ]';--> statement-breakpoint
UPDATE "patients" SET "search_key" = replace(replace("search_key", 'œ', 'oe'), 'æ', 'ae') WHERE "search_key" ~ '[œæ]';--> statement-breakpoint
-- Name keys are unique (a patient per name in a practice, a label or group name per user): where
-- « Lætitia » and « Laetitia » both exist already, the second keeps its old key rather than fail.
UPDATE "patients" p SET "name_key" = replace(replace(p."name_key", 'œ', 'oe'), 'æ', 'ae')
WHERE p."name_key" ~ '[œæ]' AND (p."archived_at" IS NOT NULL OR NOT EXISTS (
  SELECT 1 FROM "patients" o WHERE o."organization_id" = p."organization_id" AND o."archived_at" IS NULL AND o."name_key" = replace(replace(p."name_key", 'œ', 'oe'), 'æ', 'ae')
));--> statement-breakpoint
UPDATE "note_labels" l SET "name_key" = replace(replace(l."name_key", 'œ', 'oe'), 'æ', 'ae')
WHERE l."name_key" ~ '[œæ]' AND NOT EXISTS (
  SELECT 1 FROM "note_labels" o WHERE o."user_id" = l."user_id" AND o."name_key" = replace(replace(l."name_key", 'œ', 'oe'), 'æ', 'ae')
);--> statement-breakpoint
UPDATE "contact_groups" g SET "name_key" = replace(replace(g."name_key", 'œ', 'oe'), 'æ', 'ae')
WHERE g."name_key" ~ '[œæ]' AND NOT EXISTS (
  SELECT 1 FROM "contact_groups" o WHERE o."user_id" = g."user_id" AND o."name_key" = replace(replace(g."name_key", 'œ', 'oe'), 'æ', 'ae')
);--> statement-breakpoint
-- The typo dictionaries: the triggers above added the new words; a word with a ligature can no
-- longer be typed (queries are folded), so it would only be a wrong suggestion.
DELETE FROM "food_words" WHERE "word" ~ '[œæ]';--> statement-breakpoint
DELETE FROM "exercise_words" WHERE "word" ~ '[œæ]';
