DROP INDEX "realtime_events_org_idx";--> statement-breakpoint
ALTER TABLE "realtime_events" ADD COLUMN "tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "realtime_events_position_idx" ON "realtime_events" USING btree ("tx","id");