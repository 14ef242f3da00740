CREATE TABLE "exercise_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exercise_words_trgm_gist" ON "exercise_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "foods_search_prefix" ON "foods" USING btree ("search_key" text_pattern_ops);--> statement-breakpoint
-- hand-written
CREATE OR REPLACE FUNCTION exercise_words_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO exercise_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_key, '[^a-z0-9œæß]+') AS w WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER exercises_words AFTER INSERT OR UPDATE OF search_key ON exercises FOR EACH ROW EXECUTE FUNCTION exercise_words_add();--> statement-breakpoint
INSERT INTO exercise_words (word)
SELECT DISTINCT w FROM exercises, regexp_split_to_table(exercises.search_key, '[^a-z0-9œæß]+') AS w WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
