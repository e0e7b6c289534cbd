CREATE TABLE "search_console_properties" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"source" text NOT NULL,
	"account_email" text,
	"refresh_token_encrypted" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_import_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "search_console_rows" (
	"project_id" integer NOT NULL,
	"date" date NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"position" double precision NOT NULL,
	CONSTRAINT "search_console_rows_project_id_date_query_page_device_country_pk" PRIMARY KEY("project_id","date","query","page","device","country")
);
--> statement-breakpoint
ALTER TABLE "search_console_properties" ADD CONSTRAINT "search_console_properties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_rows" ADD CONSTRAINT "search_console_rows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_console_rows_page_idx" ON "search_console_rows" USING btree ("project_id","page","date");