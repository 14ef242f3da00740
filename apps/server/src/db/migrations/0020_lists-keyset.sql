DROP INDEX "audit_org_at_idx";--> statement-breakpoint
CREATE INDEX "organisations_name_idx" ON "organisations" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_list_org_name_idx" ON "users" USING btree ("organization_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_list_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_events" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_org_at_idx" ON "audit_events" USING btree ("organization_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);