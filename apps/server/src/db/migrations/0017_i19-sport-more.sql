DROP INDEX "food_words_trgm";--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "media_sha256" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "media_mime" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "media_size" integer;--> statement-breakpoint
CREATE INDEX "food_words_trgm_gist" ON "food_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "exercises_media_idx" ON "exercises" USING btree ("media_sha256") WHERE "exercises"."media_sha256" is not null;