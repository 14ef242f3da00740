DROP INDEX "users_list_org_name_idx";--> statement-breakpoint
DROP INDEX "users_list_name_idx";--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_last_trgm" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_first_trgm" ON "users" USING gin (lower("last_name" || ' ' || "first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_list_org_name_idx" ON "users" USING btree ("organization_id",lower("last_name"),lower("first_name"),"id","last_name","first_name","role","active");--> statement-breakpoint
CREATE INDEX "users_list_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id","last_name","first_name","role","active");