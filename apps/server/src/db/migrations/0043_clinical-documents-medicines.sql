CREATE TABLE "medicines" (
	"cis" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"form" text NOT NULL,
	"routes" text[] NOT NULL,
	"substances" text NOT NULL,
	"holder" text NOT NULL,
	"search_key" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "medicines_search_trgm" ON "medicines" USING gin ("search_key" gin_trgm_ops);