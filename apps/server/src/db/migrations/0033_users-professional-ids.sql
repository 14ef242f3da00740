ALTER TABLE "users" ADD COLUMN "rpps" varchar(11);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adeli" varchar(9);--> statement-breakpoint
CREATE INDEX "users_rpps_idx" ON "users" USING btree ("rpps") WHERE "users"."rpps" is not null;--> statement-breakpoint
CREATE INDEX "users_adeli_idx" ON "users" USING btree ("adeli") WHERE "users"."adeli" is not null;